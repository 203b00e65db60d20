import type { ScreenLoader } from '../../screens.ts';

/** Screens of this feature, keyed by the component name the server seeds (merged in src/screens.ts). */
export const endorsementScreens: Readonly<Record<string, ScreenLoader>> = {
  // The policy detail with its 批改记录 tab (the view is the policy module's, see PolicyDetailScreens).
  PolicyDetail: () => import('./PolicyDetailScreens.tsx').then((m) => m.PolicyDetail),
  EntInsuranceDetail: () => import('./PolicyDetailScreens.tsx').then((m) => m.EntInsuranceDetail),
  EntEndorsementManage: () => import('./EntEndorsementManage.tsx').then((m) => m.EntEndorsementManage),
  EntEndorsementAdd: () => import('./EntEndorsementAdd.tsx').then((m) => m.EntEndorsementAdd),
  EntEndorsementDetail: () => import('./EntEndorsementDetail.tsx').then((m) => m.EntEndorsementDetail),
  EndorsementManage: () => import('./EndorsementManage.tsx').then((m) => m.EndorsementManage),
};
