import type { ComponentType } from 'react';
import { authPages } from './modules/auth/screens.ts';
import { claimScreens } from './modules/claim/screens.ts';
import { complaintScreens } from './modules/complaint/screens.ts';
import { consultPages, consultScreens } from './modules/consult/screens.ts';
import { contentScreens } from './modules/content/screens.ts';
import { dashboardScreens } from './modules/dashboard/screens.ts';
import { dictScreens } from './modules/dict/screens.ts';
import { endorsementScreens } from './modules/endorsement/screens.ts';
import { enterpriseScreens } from './modules/enterprise/screens.ts';
import { evaluationScreens } from './modules/evaluation/screens.ts';
import { exceptionPages } from './modules/exception/screens.ts';
import { hazardScreens } from './modules/hazard/screens.ts';
import { industryScreens } from './modules/industry/screens.ts';
import { insuranceDataScreens } from './modules/insurance-data/screens.ts';
import { insurerScreens } from './modules/insurer/screens.ts';
import { logScreens } from './modules/log/screens.ts';
import { messageScreens } from './modules/message/screens.ts';
import { orgScreens } from './modules/org/screens.ts';
import { policyScreens } from './modules/policy/screens.ts';
import { poolScreens } from './modules/pool/screens.ts';
import { portalPages } from './modules/portal/screens.ts';
import { preventionScreens } from './modules/prevention/screens.ts';
import { preventionActivityScreens } from './modules/prevention/screens-activity.ts';
import { registrationPages, registrationScreens } from './modules/registration/screens.ts';
import { resourceScreens } from './modules/resource/screens.ts';
import { roleScreens } from './modules/role/screens.ts';
import { ruleScreens } from './modules/rule/screens.ts';
import { safetyMechanismScreens } from './modules/safety-mechanism/screens.ts';
import { settingScreens } from './modules/setting/screens.ts';
import { statsScreens } from './modules/stats/screens.ts';
import { subsystemScreens } from './modules/subsystem/screens.ts';
import { userScreens } from './modules/user/screens.ts';
// new:feature imports

/**
 * The ONLY map from a server resource's `component` name to its screen (architecture rule 8). Each
 * entry loads lazily, so a screen's code is fetched when its route is first opened. A component name
 * with no entry renders the 404 page 页面不存在或正在开发中.
 *
 * Add a feature screen: create `modules/<feature>/<Screen>.tsx` with a named export and add one line
 * to that feature's `modules/<feature>/screens.ts` with the exact component name the server seeds for
 * the resource. The feature maps are merged here; a name defined twice fails the registry test.
 */
export type ScreenLoader = () => Promise<ComponentType>;

const featureMaps: Readonly<Record<string, ScreenLoader>>[] = [
  userScreens,
  roleScreens,
  orgScreens,
  logScreens,
  resourceScreens,
  dictScreens,
  industryScreens,
  safetyMechanismScreens,
  subsystemScreens,
  settingScreens,
  contentScreens,
  ruleScreens,
  messageScreens,
  consultScreens,
  enterpriseScreens,
  policyScreens,
  endorsementScreens,
  claimScreens,
  insurerScreens,
  insuranceDataScreens,
  dashboardScreens,
  preventionActivityScreens,
  preventionScreens,
  complaintScreens,
  evaluationScreens,
  hazardScreens,
  poolScreens,
  registrationScreens,
  statsScreens,
  // new:feature screens
];

/** Component names that more than one feature map defines (must stay empty). */
export const duplicateScreenNames: readonly string[] = featureMaps
  .flatMap((m) => Object.keys(m))
  .filter((name, i, all) => all.indexOf(name) !== i);

export const screens: Readonly<Record<string, ScreenLoader>> = Object.assign({}, ...featureMaps);

const notFound: ScreenLoader = exceptionPages.NotFound;

export function hasScreen(component: string): boolean {
  return Object.hasOwn(screens, component);
}

export function screenLoader(component: string): ScreenLoader {
  return hasScreen(component) ? screens[component]! : notFound;
}

/**
 * The pages the router mounts at fixed paths (spec 2.1: portal, login, exception pages, the public Q&A
 * detail), by name; like the screens above, each loads lazily. Modules declare them in their screens.ts.
 */
export const pages = {
  ...authPages,
  ...consultPages,
  ...exceptionPages,
  ...portalPages,
  ...registrationPages,
};
