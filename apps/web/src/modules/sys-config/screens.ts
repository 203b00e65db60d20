import type { ScreenLoader } from '../../screens.ts';

/** Screens of this feature, keyed by the component name the server seeds (merged in src/screens.ts). */
export const sysConfigScreens: Readonly<Record<string, ScreenLoader>> = {
  ResourceManage: () => import('./ResourceManage.tsx').then((m) => m.ResourceManage),
  DictManage: () => import('./DictManage.tsx').then((m) => m.DictManage),
  IndustryManage: () => import('./IndustryManage.tsx').then((m) => m.IndustryManage),
  SafetyMechanism: () => import('./SafetyMechanism.tsx').then((m) => m.SafetyMechanism),
  SubsystemManage: () => import('./SubsystemManage.tsx').then((m) => m.SubsystemManage),
  AdminSetting: () => import('./AdminSetting.tsx').then((m) => m.AdminSetting),
  GovSetting: () => import('./GovSetting.tsx').then((m) => m.GovSetting),
  AdminInsuranceSetting: () => import('./AdminInsuranceSetting.tsx').then((m) => m.AdminInsuranceSetting),
};
