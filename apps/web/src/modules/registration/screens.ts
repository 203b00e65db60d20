import type { ScreenLoader } from '../../screens.ts';

/** The admin's screens of registration (server resource component names). */
export const registrationScreens = {
  AdminRegistration: () => import('./AdminRegistration.tsx').then((m) => m.AdminRegistration),
  AdminSmsOutbox: () => import('./AdminSmsOutbox.tsx').then((m) => m.AdminSmsOutbox),
} satisfies Record<string, ScreenLoader>;

/** The public pages of spec 2.1 (portalReg, serviceReg, expertReg, regManager, recover) and the status page. */
export const registrationPages = {
  PortalRegPage: () => import('./RegisterPage.tsx').then((m) => m.PortalRegPage),
  ServiceRegPage: () => import('./RegisterPage.tsx').then((m) => m.ServiceRegPage),
  ExpertRegPage: () => import('./RegisterPage.tsx').then((m) => m.ExpertRegPage),
  RegManagerPage: () => import('./RegisterPage.tsx').then((m) => m.RegManagerPage),
  RecoverPage: () => import('./RecoverPage.tsx').then((m) => m.RecoverPage),
  RegStatusPage: () => import('./RegStatusPage.tsx').then((m) => m.RegStatusPage),
} satisfies Record<string, ScreenLoader>;
