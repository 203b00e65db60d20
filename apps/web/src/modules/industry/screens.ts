import type { ScreenLoader } from '../../screens.ts';

/** Screens of this feature, keyed by the component name the server seeds (merged in src/screens.ts). */
export const industryScreens: Readonly<Record<string, ScreenLoader>> = {
  IndustryManage: () => import('./IndustryManage.tsx').then((m) => m.IndustryManage),
};
