import type { ScreenLoader } from '../../screens.ts';

/**
 * Screens of accident prevention (事故预防), keyed by the component name the server seeds (merged in
 * src/screens.ts). The core chain (projects, plans, records, fund) is listed here; the activity screens
 * (training, requirements, filings, statements) have their own map in screens-activity.ts.
 */
export const preventionScreens: Readonly<Record<string, ScreenLoader>> = {
  EntAPQuery: () => import('./EntAPQuery.tsx').then((m) => m.EntAPQuery),
  EntAPDetail: () => import('./EntAPDetail.tsx').then((m) => m.EntAPDetail),
  GovApManage: () => import('./GovApManage.tsx').then((m) => m.GovApManage),
  GovApQuery: () => import('./GovApQuery.tsx').then((m) => m.GovApQuery),
  GovApDetail: () => import('./GovApDetail.tsx').then((m) => m.GovApDetail),
  InsuranceApManage: () => import('./InsuranceApManage.tsx').then((m) => m.InsuranceApManage),
  InsuranceApDetail: () => import('./InsuranceApDetail.tsx').then((m) => m.InsuranceApDetail),
  ServiceAp: () => import('./ServiceAp.tsx').then((m) => m.ServiceAp),
  ExpertAp: () => import('./ServiceAp.tsx').then((m) => m.ExpertAp),
  ServiceApFollow: () => import('./ServiceApFollow.tsx').then((m) => m.ServiceApFollow),
  ExpertApFollow: () => import('./ServiceApFollow.tsx').then((m) => m.ExpertApFollow),
  ServiceIndex: () => import('./ServiceIndex.tsx').then((m) => m.ServiceIndex),
  ExpertIndex: () => import('./ServiceIndex.tsx').then((m) => m.ExpertIndex),
};
