import type { ScreenLoader } from '../../screens.ts';

/** Screens of this feature, keyed by the component name the server seeds (merged in src/screens.ts). */
export const policyScreens: Readonly<Record<string, ScreenLoader>> = {
  EntInsuranceManage: () => import('./EntInsuranceManage.tsx').then((m) => m.EntInsuranceManage),
  EntInsuranceQuery: () => import('./EntInsuranceQuery.tsx').then((m) => m.EntInsuranceQuery),
  EntInsuranceAdd: () => import('./EntInsuranceAdd.tsx').then((m) => m.EntInsuranceAdd),
  EntInsuranceDetail: () => import('./EntInsuranceDetail.tsx').then((m) => m.EntInsuranceDetail),
  PolicyManage: () => import('./PolicyManage.tsx').then((m) => m.PolicyManage),
  PolicyAdd: () => import('./PolicyAdd.tsx').then((m) => m.PolicyAdd),
  PolicyEdit: () => import('./PolicyEdit.tsx').then((m) => m.PolicyEdit),
  PolicyDetail: () => import('./PolicyDetail.tsx').then((m) => m.PolicyDetail),
};
