/**
 * Public entry of the auth module: what the app shell uses statically (pages: ./screens.ts, loaded
 * lazily through src/screens.ts).
 */
export { ChangePasswordModal } from './ChangePasswordModal.tsx';
export { confirmLogout } from './session-actions.ts';
