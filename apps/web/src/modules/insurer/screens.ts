import type { ScreenLoader } from '../../screens.ts';

/**
 * Screens of this feature, keyed by the component name the server seeds (merged in src/screens.ts).
 * InsuranceExperts and InsuranceServices are the pool module's (modules/pool).
 */
export const insurerScreens: Readonly<Record<string, ScreenLoader>> = {
  InsuranceIndex: () => import('./InsuranceIndex.tsx').then((m) => m.InsuranceIndex),
  InsuranceInfo: () => import('./InsuranceInfo.tsx').then((m) => m.InsuranceInfo),
  Technicist: () => import('./Technicist.tsx').then((m) => m.Technicist),
  InsuranceDocs: () => import('./InsuranceDocs.tsx').then((m) => m.InsuranceDocs),
};
