import type { ScreenLoader } from '../../screens.ts';

/**
 * Pages the router mounts at fixed paths (spec 2.1), and the forced password change the app shell shows,
 * loaded lazily through src/screens.ts.
 */
export const authPages = {
  LoginPage: () => import('./LoginPage.tsx').then((m) => m.LoginPage),
  PortalLoginPage: () => import('./LoginPage.tsx').then((m) => m.PortalLoginPage),
  ChangePasswordModal: () => import('./ChangePasswordModal.tsx').then((m) => m.ChangePasswordModal),
  OauthCenterHelp: () => import('./OauthCenterHelp.tsx').then((m) => m.OauthCenterHelp),
} satisfies Record<string, ScreenLoader>;
