/**
 * Public entry of the auth module: what the layouts use statically (pages and the password-change
 * dialog: ./screens.ts, loaded lazily through src/screens.ts).
 */
export { confirmLogout } from './session-actions.ts';
