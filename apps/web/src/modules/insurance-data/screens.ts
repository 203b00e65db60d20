import type { ScreenLoader } from '../../screens.ts';

/** Screens of this feature, keyed by the component name the server seeds (merged in src/screens.ts). */
export const insuranceDataScreens: Readonly<Record<string, ScreenLoader>> = {
  DataPremium: () => import('./DataPage.tsx').then((m) => m.DataPremium),
  DataClaim: () => import('./DataPage.tsx').then((m) => m.DataClaim),
  DataAp: () => import('./DataPage.tsx').then((m) => m.DataAp),
  DataQuery: () => import('./DataQuery.tsx').then((m) => m.DataQuery),
};
