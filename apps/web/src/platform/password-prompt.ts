import { PASSWORD_CHANGE_MESSAGES, type PasswordChangeReason } from './contracts.ts';
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

/** Shown when login or the user record says the password must be changed now, without saying why. */
export const PASSWORD_CHANGE_PROMPT = '首次登录或密码已过期，请先修改密码后继续使用';

/** The prompt for the reason the server gave (first login, reset by an administrator, expired). */
export function passwordChangePrompt(reason: PasswordChangeReason | null | undefined): string {
  return reason ? PASSWORD_CHANGE_MESSAGES[reason] : PASSWORD_CHANGE_PROMPT;
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
