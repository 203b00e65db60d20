export { PortalHome } from './PortalHome.tsx';
export { PortalNoticeDetail } from './PortalNoticeDetail.tsx';
export { PortalNotOpen } from './PortalNotOpen.tsx';
export { PortalSinglePage } from './PortalSinglePage.tsx';
export { PORTAL_TAB_MESSAGES, PORTAL_TABS, type PortalTabKey, portalTabTarget } from './portal-tabs.ts';
