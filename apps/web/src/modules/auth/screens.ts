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
  WechatQrLogin: () => import('./WechatQrLogin.tsx').then((m) => m.WechatQrLogin),
  BindWxUser: () => import('./BindWxUser.tsx').then((m) => m.BindWxUser),
  WechatBinding: () => import('./WechatBinding.tsx').then((m) => m.WechatBinding),
  MfaSettings: () => import('./MfaSettings.tsx').then((m) => m.MfaSettings),
} satisfies Record<string, ScreenLoader>;
