import type { ComponentType } from 'react';
import { adminHomeScreens } from './modules/dashboard/screens.ts';
import { claimScreens } from './modules/claim/screens.ts';
import { consultScreens } from './modules/consult/screens.ts';
import { contentScreens } from './modules/content/screens.ts';
import { enterpriseScreens } from './modules/enterprise/screens.ts';
import { insurerScreens } from './modules/insurer/screens.ts';
import { policyScreens } from './modules/policy/screens.ts';
import { sysScreens } from './modules/user/screens.ts';
import { sysConfigScreens } from './modules/dict/screens.ts';

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
  sysScreens,
  sysConfigScreens,
  contentScreens,
  consultScreens,
  enterpriseScreens,
  policyScreens,
  claimScreens,
  insurerScreens,
  adminHomeScreens,
];

/** Component names that more than one feature map defines (must stay empty). */
export const duplicateScreenNames: readonly string[] = featureMaps
  .flatMap((m) => Object.keys(m))
  .filter((name, i, all) => all.indexOf(name) !== i);

export const screens: Readonly<Record<string, ScreenLoader>> = Object.assign({}, ...featureMaps);

const notFound: ScreenLoader = () => import('./modules/exception/ExceptionPage.tsx').then((m) => m.NotFound);

export function hasScreen(component: string): boolean {
  return Object.hasOwn(screens, component);
}

export function screenLoader(component: string): ScreenLoader {
  return hasScreen(component) ? screens[component]! : notFound;
}
