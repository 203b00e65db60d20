import type { ScreenLoader } from '../../screens.ts';

/** Screens of this feature, keyed by the component name the server seeds (merged in src/screens.ts). */
export const resourceScreens: Readonly<Record<string, ScreenLoader>> = {
  ResourceManage: () => import('./ResourceManage.tsx').then((m) => m.ResourceManage),
};
