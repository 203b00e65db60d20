import type { ScreenLoader } from '../../screens.ts';

/** Screens of this feature, keyed by the component name the server seeds (merged in src/screens.ts). */
export const claimScreens: Readonly<Record<string, ScreenLoader>> = {
  EntClaimManage: () => import('./EntClaimManage.tsx').then((m) => m.EntClaimManage),
  EntClaimAdd: () => import('./EntClaimAdd.tsx').then((m) => m.EntClaimAdd),
  EntClaimDetail: () => import('./EntClaimDetail.tsx').then((m) => m.EntClaimDetail),
  ClaimManage: () => import('./ClaimManage.tsx').then((m) => m.ClaimManage),
  ClaimAdd: () => import('./ClaimAdd.tsx').then((m) => m.ClaimAdd),
  ClaimEdit: () => import('./ClaimEdit.tsx').then((m) => m.ClaimEdit),
  ClaimDetail: () => import('./ClaimDetail.tsx').then((m) => m.ClaimDetail),
};
