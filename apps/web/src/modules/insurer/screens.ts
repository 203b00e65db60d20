import type { ScreenLoader } from '../../screens.ts';

/**
 * Screens of this feature, keyed by the component name the server seeds (merged in src/screens.ts).
 * InsuranceExperts and InsuranceServices stay unregistered: the server has no expert or service
 * organisation API yet, so their routes show the shared "not found / in development" page.
 */
export const insurerScreens: Readonly<Record<string, ScreenLoader>> = {
  InsuranceIndex: () => import('./InsuranceIndex.tsx').then((m) => m.InsuranceIndex),
  InsuranceInfo: () => import('./InsuranceInfo.tsx').then((m) => m.InsuranceInfo),
  Technicist: () => import('./Technicist.tsx').then((m) => m.Technicist),
  InsuranceDocs: () => import('./InsuranceDocs.tsx').then((m) => m.InsuranceDocs),
};
