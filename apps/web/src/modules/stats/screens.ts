import type { ScreenLoader } from '../../screens.ts';

/** Screens of this feature, keyed by the component name the server seeds (merged in src/screens.ts). */
export const statsScreens: Readonly<Record<string, ScreenLoader>> = {
  GovCockpit: () => import('./Cockpit.tsx').then((m) => m.Cockpit),
  AdminCockpit: () => import('./Cockpit.tsx').then((m) => m.Cockpit),
  GovStatReport: () => import('./StatReport.tsx').then((m) => m.StatReport),
  AdminStatReport: () => import('./StatReport.tsx').then((m) => m.StatReport),
};
