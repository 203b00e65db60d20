/**
 * Public entry of the portal module: the portal tabs the portal header shows, and the helpers other
 * modules reuse (pages: ./screens.ts, loaded lazily through src/screens.ts).
 */
export { idProblem, usePortalStats } from './portal-api.ts';
export { PORTAL_TAB_MESSAGES, PORTAL_TABS, type PortalTabKey, portalTabTarget } from './portal-tabs.ts';
