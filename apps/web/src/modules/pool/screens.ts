import type { ScreenLoader } from '../../screens.ts';

/** Screens of the service organisation and expert pool, keyed by the component names the server seeds. */
export const poolScreens: Readonly<Record<string, ScreenLoader>> = {
  AdminService: () => import('./OrgPool.tsx').then((m) => m.AdminService),
  GovService: () => import('./OrgPool.tsx').then((m) => m.GovService),
  InsuranceServices: () => import('./OrgPool.tsx').then((m) => m.InsuranceServices),
  AdminExperts: () => import('./ExpertPool.tsx').then((m) => m.AdminExperts),
  GovExpert: () => import('./ExpertPool.tsx').then((m) => m.GovExpert),
  InsuranceExperts: () => import('./ExpertPool.tsx').then((m) => m.InsuranceExperts),
  ServiceProfile: () => import('./Profile.tsx').then((m) => m.PoolProfile),
  ExpertProfile: () => import('./Profile.tsx').then((m) => m.PoolProfile),
};
