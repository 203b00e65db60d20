import type { ScreenLoader } from '../../screens.ts';

/** Screens of this feature, keyed by the component name the server seeds (merged in src/screens.ts). */
export const sysConfigScreens: Readonly<Record<string, ScreenLoader>> = {
  ResourceManage: () => import('../resource/ResourceManage.tsx').then((m) => m.ResourceManage),
  DictManage: () => import('./DictManage.tsx').then((m) => m.DictManage),
  IndustryManage: () => import('../industry/IndustryManage.tsx').then((m) => m.IndustryManage),
  SafetyMechanism: () => import('../safety-mechanism/SafetyMechanism.tsx').then((m) => m.SafetyMechanism),
  SubsystemManage: () => import('../subsystem/SubsystemManage.tsx').then((m) => m.SubsystemManage),
  AdminSetting: () => import('../setting/AdminSetting.tsx').then((m) => m.AdminSetting),
  GovSetting: () => import('../setting/GovSetting.tsx').then((m) => m.GovSetting),
  AdminInsuranceSetting: () => import('../setting/AdminInsuranceSetting.tsx').then((m) => m.AdminInsuranceSetting),
};
