import type { ScreenLoader } from '../../screens.ts';

/**
 * Screens of this feature, keyed by the component name the server seeds (merged in src/screens.ts).
 * PolicyDetail and EntInsuranceDetail are registered by modules/endorsement: the detail shows the
 * policy's endorsements, and endorsement depends on policy, never the reverse.
 */
export const policyScreens: Readonly<Record<string, ScreenLoader>> = {
  EntInsuranceManage: () => import('./EntInsuranceManage.tsx').then((m) => m.EntInsuranceManage),
  EntInsuranceQuery: () => import('./EntInsuranceQuery.tsx').then((m) => m.EntInsuranceQuery),
  EntInsuranceAdd: () => import('./EntInsuranceAdd.tsx').then((m) => m.EntInsuranceAdd),
  PolicyManage: () => import('./PolicyManage.tsx').then((m) => m.PolicyManage),
  PolicyAdd: () => import('./PolicyAdd.tsx').then((m) => m.PolicyAdd),
  PolicyEdit: () => import('./PolicyEdit.tsx').then((m) => m.PolicyEdit),
};
