import type { ScreenLoader } from '../../screens.ts';

/** Screens of this feature, keyed by the component name the server seeds (merged in src/screens.ts). */
export const orgScreens: Readonly<Record<string, ScreenLoader>> = {
  AdminOrg: () => import('./AdminOrg.tsx').then((m) => m.AdminOrg),
};
