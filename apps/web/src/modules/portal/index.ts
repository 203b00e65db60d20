export { PortalHelp } from './PortalHelp.tsx';
export { PortalHome } from './PortalHome.tsx';
export { PortalAP, PortalClaim, PortalInsure } from './PortalInfo.tsx';
export { PortalNotice } from './PortalNotice.tsx';
export { PortalNoticeDetail } from './PortalNoticeDetail.tsx';
export { PortalNotOpen } from './PortalNotOpen.tsx';
export { PortalPolicy } from './PortalPolicy.tsx';
export { PortalSinglePage } from './PortalSinglePage.tsx';
export { PORTAL_TAB_MESSAGES, PORTAL_TABS, type PortalTabKey, portalTabTarget } from './portal-tabs.ts';
