import { createStore } from './store.ts';

/**
 * The change-password dialog can be opened from the user menu or forced by the server (first login,
 * expired password). A forced dialog cannot be dismissed; the only way out is changing the password
 * or logging out.
 */
export interface PasswordPromptState {
  open: boolean;
  forced: boolean;
  reason: string | null;
}

export const passwordPrompt = createStore<PasswordPromptState>({ open: false, forced: false, reason: null });

export function openPasswordDialog(): void {
  passwordPrompt.set((s) => ({ open: true, forced: s.forced, reason: s.reason }));
}
export function requirePasswordChange(reason: string | null): void {
  passwordPrompt.set({ open: true, forced: true, reason });
}
export function closePasswordDialog(): void {
  passwordPrompt.set({ open: false, forced: false, reason: null });
}
