import type { ScreenLoader } from '../../screens.ts';

/** Pages the router mounts at fixed paths (spec 2.1), loaded lazily through src/screens.ts. */
export const authPages = {
  LoginPage: () => import('./LoginPage.tsx').then((m) => m.LoginPage),
  PortalLoginPage: () => import('./LoginPage.tsx').then((m) => m.PortalLoginPage),
  OauthCenterHelp: () => import('./OauthCenterHelp.tsx').then((m) => m.OauthCenterHelp),
} satisfies Record<string, ScreenLoader>;
