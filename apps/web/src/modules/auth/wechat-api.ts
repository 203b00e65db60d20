import type { LoginData, WxAuthorizeData, WxBindingData, WxConfigData, WxScanData } from '@aqzrx/contracts';
import { signedIn } from '../../platform/auth.ts';
import { fetchData, postWithMessage } from '../../platform/request.ts';

/** WeChat QR login calls (spec 7 /api/wx/*). Failures are shown by the screens themselves. */
export function wxConfig(): Promise<WxConfigData> {
  return fetchData<WxConfigData>('/wx/config.json', { skipErrorHandler: true });
}

/** The qrconnect address for signing in (its state is bound to this browser by a cookie). */
export function wxLoginQr(): Promise<WxAuthorizeData> {
  return fetchData<WxAuthorizeData>('/wx/qrConnect.json', { skipErrorHandler: true });
}

/** The qrconnect address for binding the signed-in account. */
export function wxBindQr(): Promise<WxAuthorizeData> {
  return fetchData<WxAuthorizeData>('/wx/bindQrConnect.json', { skipErrorHandler: true });
}

/** The callback of a sign-in scan; a bound user's session is kept at once. */
export async function wxLoginByScan(code: string, state: string): Promise<WxScanData> {
  const data = await fetchData<WxScanData>('/wx/loginByScanQrcode.json', {
    params: { code, state },
    skipErrorHandler: true,
  });
  if (data.bound && data.login) signedIn(data.login);
  return data;
}

/** The callback of a binding scan started from the settings. */
export function wxBindSignedIn(code: string, state: string): Promise<WxBindingData> {
  return fetchData<WxBindingData>('/wx/loginUserBindWx.json', {
    params: { code, state },
    skipErrorHandler: true,
  });
}

/** bindWXUser: the unbound scan's ticket plus a password login; keeps the session. */
export async function wxBindWithPassword(body: {
  ticket: string;
  username: string;
  password: string;
  captchaToken?: string;
}): Promise<LoginData> {
  return signedIn(await fetchData<LoginData>('/wx/bindWXUser.json', { data: body, skipErrorHandler: true }));
}

export function wxMyBinding(): Promise<WxBindingData> {
  return fetchData<WxBindingData>('/wx/myBinding.json');
}

export function wxUnbind(): Promise<{ data: unknown; message: string }> {
  return postWithMessage('/wx/unbindWx.json', undefined);
}

/** Where the scan of an unbound WeChat leaves its one-time ticket for the bind page (this tab only). */
const BIND_KEY = 'aqzrx_wx_bind';
/** Where the login page's `redirect` waits while the browser is at WeChat. */
const REDIRECT_KEY = 'aqzrx_wx_redirect';

export interface PendingBind {
  ticket: string;
  nickname: string;
}

export function savePendingBind(v: PendingBind): void {
  sessionStorage.setItem(BIND_KEY, JSON.stringify(v));
}
export function pendingBind(): PendingBind | null {
  try {
    const v = JSON.parse(sessionStorage.getItem(BIND_KEY) ?? 'null') as PendingBind | null;
    return v && typeof v.ticket === 'string' ? v : null;
  } catch {
    return null;
  }
}
/** Drops the used ticket and the waiting redirect. */
export function clearPendingBind(): void {
  sessionStorage.removeItem(BIND_KEY);
  sessionStorage.removeItem(REDIRECT_KEY);
}
export function saveLoginRedirect(v: string | null): void {
  if (v) sessionStorage.setItem(REDIRECT_KEY, v);
  else sessionStorage.removeItem(REDIRECT_KEY);
}
export function loginRedirect(): string | null {
  return sessionStorage.getItem(REDIRECT_KEY);
}
