import type { ScreenLoader } from '../../screens.ts';

/** Screens of this feature, keyed by the component name the server seeds (merged in src/screens.ts). */
export const roleScreens: Readonly<Record<string, ScreenLoader>> = {
  RoleManage: () => import('./RoleManage.tsx').then((m) => m.RoleManage),
};
