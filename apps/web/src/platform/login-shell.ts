import { LOGIN_SHELL } from '@aqzrx/contracts/constants';

/**
 * The login form index.html carries as plain HTML for /user/login (server: platform/login-shell.ts), shown
 * before the app's scripts have run. The app's login form takes it over (takeLoginShell) and every other
 * screen removes it (removeLoginShell), so it never stays over the app.
 */
export interface LoginShellState {
  username: string;
  password: string;
  /** The field that had the focus, to give it to the app's field. */
  focus: 'username' | 'password' | null;
  /** 登录 was clicked before the app was ready. */
  submit: boolean;
  /** 扫码登录 was clicked before the app was ready. */
  qr: boolean;
}

/** What the last takeover found (the form is gone by then; the login panel reads the QR choice from here). */
let taken: LoginShellState | null = null;

function input(id: string): HTMLInputElement | null {
  const el = document.getElementById(id);
  return el instanceof HTMLInputElement ? el : null;
}

/** What was typed into the HTML form (null when there is none), and the form removed. */
export function takeLoginShell(): LoginShellState | null {
  const root = document.getElementById(LOGIN_SHELL.root);
  if (!root) return null;
  const username = input(LOGIN_SHELL.username);
  const password = input(LOGIN_SHELL.password);
  const active = document.activeElement;
  const state: LoginShellState = {
    username: username?.value ?? '',
    password: password?.value ?? '',
    focus: active && active === username ? 'username' : active && active === password ? 'password' : null,
    submit: input(LOGIN_SHELL.submit)?.checked ?? false,
    qr: input(LOGIN_SHELL.qr)?.checked ?? false,
  };
  root.remove();
  taken = state;
  return state;
}

/** 扫码登录 was clicked on the HTML form, which is still there. */
export function loginShellWantsQr(): boolean {
  return input(LOGIN_SHELL.qr)?.checked ?? false;
}

/**
 * 扫码登录 was clicked on the HTML form before the takeover that just happened (a click may land between the
 * login panel's first render and that moment); answered once.
 */
export function takenShellWantsQr(): boolean {
  const qr = taken?.qr ?? false;
  taken = null;
  return qr;
}

export function removeLoginShell(): void {
  document.getElementById(LOGIN_SHELL.root)?.remove();
}
