import type { ScreenLoader } from '../../screens.ts';

/** Pages the router mounts at fixed paths (spec 2.1), loaded lazily through src/screens.ts. */
export const portalPages = {
  PortalHome: () => import('./PortalHome.tsx').then((m) => m.PortalHome),
  PortalNotice: () => import('./PortalNotice.tsx').then((m) => m.PortalNotice),
  PortalNoticeDetail: () => import('./PortalNoticeDetail.tsx').then((m) => m.PortalNoticeDetail),
  PortalHelp: () => import('./PortalHelp.tsx').then((m) => m.PortalHelp),
  PortalAP: () => import('./PortalInfo.tsx').then((m) => m.PortalAP),
  PortalClaim: () => import('./PortalInfo.tsx').then((m) => m.PortalClaim),
  PortalInsure: () => import('./PortalInfo.tsx').then((m) => m.PortalInsure),
  PortalPolicy: () => import('./PortalPolicy.tsx').then((m) => m.PortalPolicy),
  PortalSinglePage: () => import('./PortalSinglePage.tsx').then((m) => m.PortalSinglePage),
  PortalEnter: () => import('./PortalEnter.tsx').then((m) => m.PortalEnter),
} satisfies Record<string, ScreenLoader>;
