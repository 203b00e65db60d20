import { loginRedirect } from '../../app/guard.ts';
import { landingPath, RoleKey } from '../../platform/contracts.ts';
import {
  ENT_CLAIM_PATH,
  ENT_INSURANCE_PATH,
  INSURANCE_CLAIM_PATH,
  PORTAL_ENTER_PATH,
  PORTAL_INDEX_PATH,
} from '../../platform/paths.ts';

/** Spec 2.5 portal header tabs. */
export type PortalTabKey = 'home' | 'insure' | 'claim' | 'ap';

export const PORTAL_TABS: ReadonlyArray<{ key: PortalTabKey; label: string }> = [
  { key: 'home', label: '首页' },
  { key: 'insure', label: '企业投保' },
  { key: 'claim', label: '事故理赔' },
  { key: 'ap', label: '事故预防' },
];

export const PORTAL_TAB_MESSAGES = {
  insure: '企业用户才可以进入!',
  claim: '企业用户或者保险用户才可以进入!',
  ap: '运营用户无该权限!',
} as const;

export function isPortalTabKey(v: string | undefined): v is PortalTabKey {
  return PORTAL_TABS.some((t) => t.key === v);
}

/** The page that opens a tab for whoever is logged in (PortalEnter); a visitor logs in first. */
export function portalEnterPath(key: PortalTabKey): string {
  return `${PORTAL_ENTER_PATH}/${key}`;
}

export type PortalTabOutcome = { kind: 'go'; to: string } | { kind: 'deny'; message: string };

/**
 * Where a tab leads for this visitor, or the message explaining why it does not. A visitor without a
 * token goes to login with the tab as redirect (spec 2.4): which page the tab opens depends on the role,
 * so the redirect names the tab (`/portal/enter/<tab>`) and is decided after login.
 */
export function portalTabTarget(
  key: PortalTabKey,
  ctx: { hasToken: boolean; roleKey: string | null },
): PortalTabOutcome {
  if (key === 'home') return { kind: 'go', to: PORTAL_INDEX_PATH };
  if (!ctx.hasToken) return { kind: 'go', to: loginRedirect(portalEnterPath(key)) };
  const role = ctx.roleKey;
  switch (key) {
    case 'insure':
      return role === RoleKey.ENT
        ? { kind: 'go', to: ENT_INSURANCE_PATH }
        : { kind: 'deny', message: PORTAL_TAB_MESSAGES.insure };
    case 'claim':
      if (role === RoleKey.ENT) return { kind: 'go', to: ENT_CLAIM_PATH };
      if (role === RoleKey.INSURANCE) return { kind: 'go', to: INSURANCE_CLAIM_PATH };
      return { kind: 'deny', message: PORTAL_TAB_MESSAGES.claim };
    case 'ap':
      return role === RoleKey.ADMIN
        ? { kind: 'deny', message: PORTAL_TAB_MESSAGES.ap }
        : { kind: 'go', to: landingPath(role) };
  }
}
