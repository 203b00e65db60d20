import type { ScreenLoader } from '../../screens.ts';

/** Screens of this feature, keyed by the component name the server seeds (merged in src/screens.ts). */
export const dashboardScreens: Readonly<Record<string, ScreenLoader>> = {
  AdminIndex: () => import('./AdminIndex.tsx').then((m) => m.AdminIndex),
  AuditIndex: () => import('./AuditIndex.tsx').then((m) => m.AuditIndex),
};
