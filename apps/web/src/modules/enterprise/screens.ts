import type { ScreenLoader } from '../../screens.ts';

/** Screens of this feature, keyed by the component name the server seeds (merged in src/screens.ts). */
export const enterpriseScreens: Readonly<Record<string, ScreenLoader>> = {
  EntInfoEdit: () => import('./EntInfoEdit.tsx').then((m) => m.EntInfoEdit),
  GovEntList: () => import('./GovEntList.tsx').then((m) => m.GovEntList),
  GovEntAdd: () => import('./GovEntAdd.tsx').then((m) => m.GovEntAdd),
  GovEntEdit: () => import('./GovEntEdit.tsx').then((m) => m.GovEntEdit),
  GovEntDetail: () => import('./GovEntDetail.tsx').then((m) => m.GovEntDetail),
  GovEntParams: () => import('./GovEntParams.tsx').then((m) => m.GovEntParams),
  GovEntScore: () => import('./GovEntScore.tsx').then((m) => m.GovEntScore),
  GovInsurance: () => import('./GovInsurance.tsx').then((m) => m.GovInsurance),
};
