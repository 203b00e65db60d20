import type { ScreenLoader } from '../../screens.ts';

/** Screens of this feature, keyed by the component name the server seeds (merged in src/screens.ts). */
export const dictScreens: Readonly<Record<string, ScreenLoader>> = {
  DictManage: () => import('./DictManage.tsx').then((m) => m.DictManage),
};
