import type { ScreenLoader } from '../../screens.ts';

/** Screens of this feature, keyed by the component name the server seeds (merged in src/screens.ts). */
export const consultScreens: Readonly<Record<string, ScreenLoader>> = {
  EntConsultQuery: () => import('./EntConsultQuery.tsx').then((m) => m.EntConsultQuery),
  EntConsultAdd: () => import('./EntConsultAdd.tsx').then((m) => m.EntConsultAdd),
  EntConsultDetail: () => import('./EntConsultDetail.tsx').then((m) => m.EntConsultDetail),
  ServiceConsultQuery: () => import('./ServiceConsultQuery.tsx').then((m) => m.ServiceConsultQuery),
  ServiceConsultDetail: () => import('./ServiceConsultDetail.tsx').then((m) => m.ServiceConsultDetail),
  ExpertConsultQuery: () => import('./ExpertConsultQuery.tsx').then((m) => m.ExpertConsultQuery),
  ExpertConsultDetail: () => import('./ExpertConsultDetail.tsx').then((m) => m.ExpertConsultDetail),
  AdminConsult: () => import('./AdminConsult.tsx').then((m) => m.AdminConsult),
  GovConsult: () => import('./GovConsult.tsx').then((m) => m.GovConsult),
};

/** Pages the router mounts at fixed paths (spec 2.1), loaded lazily through src/screens.ts. */
export const consultPages = {
  QADetail: () => import('./QADetail.tsx').then((m) => m.QADetail),
} satisfies Record<string, ScreenLoader>;
