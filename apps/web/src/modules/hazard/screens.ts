import type { ScreenLoader } from '../../screens.ts';

/**
 * Screens of hidden dangers (隐患), rectification, enterprise risk, alarms and supervised enterprises,
 * keyed by the component name the server seeds (merged in src/screens.ts).
 */
export const hazardScreens: Readonly<Record<string, ScreenLoader>> = {
  GovApDispose: () => import('./HazardScreens.tsx').then((m) => m.GovApDispose),
  GovRiskDispose: () => import('./HazardScreens.tsx').then((m) => m.GovRiskDispose),
  InsuranceDangerCheck: () => import('./HazardScreens.tsx').then((m) => m.InsuranceDangerCheck),
  ServiceDangerCheck: () => import('./HazardScreens.tsx').then((m) => m.ServiceDangerCheck),
  ExpertDangerCheck: () => import('./HazardScreens.tsx').then((m) => m.ExpertDangerCheck),
  ServiceApDispose: () => import('./HazardScreens.tsx').then((m) => m.ServiceApDispose),
  ExpertApDispose: () => import('./HazardScreens.tsx').then((m) => m.ExpertApDispose),
  EntDangerCheck: () => import('./HazardScreens.tsx').then((m) => m.EntDangerCheck),
  GovRiskQuery: () => import('./GovRisk.tsx').then((m) => m.GovRiskQuery),
  GovRiskDetail: () => import('./GovRisk.tsx').then((m) => m.GovRiskDetail),
  GovRP: () => import('./Alarms.tsx').then((m) => m.GovRP),
  InsuranceAlarm: () => import('./Alarms.tsx').then((m) => m.InsuranceAlarm),
  GovSupervisedUser: () => import('./GovSupervisedUser.tsx').then((m) => m.GovSupervisedUser),
};
