import type { ScreenLoader } from '../../screens.ts';

/** Screens of this feature, keyed by the component name the server seeds (merged in src/screens.ts). */
export const settingScreens: Readonly<Record<string, ScreenLoader>> = {
  AdminSetting: () => import('./AdminSetting.tsx').then((m) => m.AdminSetting),
  GovSetting: () => import('./GovSetting.tsx').then((m) => m.GovSetting),
  AdminInsuranceSetting: () => import('./AdminInsuranceSetting.tsx').then((m) => m.AdminInsuranceSetting),
  SecuritySetting: () => import('./SecuritySetting.tsx').then((m) => m.SecuritySetting),
};
