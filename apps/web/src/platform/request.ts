import type { Envelope } from '@aqzrx/contracts';
import { type QueryValue, REQUEST_TIMEOUT_MS } from '../components/fetch-request.ts';
import { ApiError, syntheticEnvelope } from './api-error.ts';
import { browser, feedback } from './feedback.ts';
import { requirePasswordChange } from './password-prompt.ts';
import { clearToken, getToken } from './storage.ts';

/** Spec 7/9: one client, base path /api, 60 s time-out. */
export const API_BASE = '/api';
/** Delay before the page reloads after a 401 with a stored token (spec 8). */
export const UNAUTHORIZED_RELOAD_DELAY_MS = 1500;

export { ApiError, isApiError } from './api-error.ts';
export type { QueryValue };
export { REQUEST_TIMEOUT_MS };

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent in the query string (the spec's default placement). */
  params?: Record<string, QueryValue | QueryValue[]>;
  /** Sent as the body: JSON for plain values, as-is for FormData/Blob. */
  data?: unknown;
  /** The caller shows the failure itself (login form, password dialog): no global notice, no reload. */
  skipErrorHandler?: boolean;
  /**
   * Reason codes (envelope `code`) of failures the caller answers itself, e.g. a 409 DUPLICATE_CLAIM the
   * screen turns into a confirmation: no global notice for those; every other failure is handled as usual.
   */
  expectedCodes?: readonly string[];
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Extra request headers, e.g. `Idempotency-Key` for creating calls that may be retried. */
  headers?: Record<string, string>;
}

const PASSWORD_REASONS = new Set(['PASSWORD_CHANGE_REQUIRED', 'PASSWORD_EXPIRED']);

export function buildUrl(url: string, params?: RequestOptions['params']): string {
  const path = /^https?:\/\//.test(url) || url.startsWith(`${API_BASE}/`) ? url : `${API_BASE}${url}`;
  if (!params) return path;
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    const values = Array.isArray(v) ? v : [v];
    for (const item of values) if (item !== undefined && item !== null) qs.append(k, String(item));
  }
  const s = qs.toString();
  if (!s) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${s}`;
}

function isEnvelope(x: unknown): x is Envelope {
  return typeof x === 'object' && x !== null && 'error' in x && typeof (x as Envelope).error === 'number';
}

/** One-shot guards so a burst of failing calls shows one notice and schedules one reload. */
const pending = { forbidden: false, unauthorized: false };
/**
 * Keys of the failure notices on screen, one per action (method and path): a repeated failure replaces
 * its notice, and a later success of the same action closes it, so no stale error stays after a retry.
 */
const openNotices = new Set<string>();
export function resetErrorGuards(): void {
  pending.forbidden = false;
  pending.unauthorized = false;
  openNotices.clear();
}

const noticeKey = (url: string, method = 'POST') => `request-error:${method} ${buildUrl(url).split('?')[0]}`;
function closeNotice(key: string): void {
  if (openNotices.delete(key)) feedback.notification.destroy(key);
}

/**
 * The spec 8 error catalogue. Exported for tests; `request` calls it for every failure unless the
 * caller opted out. `key` identifies the action whose failure the notice reports.
 */
export function handleRequestError(err: ApiError, hadToken: boolean, key?: string): void {
  const { status, envelope } = err;
  if (status === 403 && envelope.code && PASSWORD_REASONS.has(envelope.code)) {
    requirePasswordChange(envelope.result);
    return;
  }
  if (status === 403) {
    if (pending.forbidden) return;
    pending.forbidden = true;
    feedback.notification.error({
      message: '权限不足',
      description: '即将返回登录页....',
      onClose: () => browser.reload(),
    });
    return;
  }
  if (status === 401) {
    // The original client checks `result.isLogin`; our envelope's result is always a message string,
    // so every 401 outside the login call takes this path.
    const result: unknown = envelope.result;
    const isLogin = typeof result === 'object' && result !== null && 'isLogin' in result;
    if (isLogin) return;
    if (pending.unauthorized) return;
    pending.unauthorized = true;
    // Spec 8 quotes the template's English notice (Unauthorized, Authorization verification failed); users
    // of this platform read Chinese, so it says the same in Chinese.
    feedback.notification.error({
      message: '未授权',
      description: '身份验证失败，请重新登录',
    });
    if (hadToken) {
      clearToken();
      setTimeout(() => browser.reload(), UNAUTHORIZED_RELOAD_DELAY_MS);
    }
    return;
  }
  if (key) openNotices.add(key);
  feedback.notification.error({
    key,
    message: status === 0 ? '网络异常' : '请求失败',
    description: envelope.result,
    onClose: key ? () => openNotices.delete(key) : undefined,
  });
}

interface Sent {
  res: Response;
  /** The whole body, read inside the time-out window. */
  body: Blob;
  hadToken: boolean;
}

/** The fetch itself: headers, token, body encoding, time-out and abort. Network failures become ApiError. */
async function send(url: string, options: RequestOptions): Promise<Sent> {
  const { method = 'POST', params, data, timeoutMs = REQUEST_TIMEOUT_MS } = options;
  const token = getToken();
  const headers: Record<string, string> = {
    ...options.headers,
    Pragma: 'no-cache',
    'Cache-Control': 'no-cache',
  };
  if (token) headers['X-TOKEN'] = token;
  let body: BodyInit | undefined;
  if (data !== undefined) {
    if (data instanceof FormData || data instanceof Blob || data instanceof URLSearchParams) {
      body = data;
    } else {
      body = JSON.stringify(data);
      headers['Content-Type'] = 'application/json';
    }
  }

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onOuterAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onOuterAbort);
  try {
    const res = await fetch(buildUrl(url, params), { method, headers, body, signal: controller.signal });
    return { res, body: await res.blob(), hadToken: token !== null };
  } catch (e) {
    if (options.signal?.aborted) throw e;
    const failure = new ApiError(
      0,
      syntheticEnvelope(0, timedOut ? '请求超时，请稍后重试' : '网络连接失败，请检查网络后重试', 'NETWORK'),
    );
    if (!options.skipErrorHandler) handleRequestError(failure, token !== null, noticeKey(url, method));
    throw failure;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onOuterAbort);
  }
}

async function envelopeOf(body: Blob): Promise<unknown> {
  const text = await body.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function failureOf(res: Response, payload: unknown, fallback: string): ApiError {
  return new ApiError(
    res.ok ? 500 : res.status,
    isEnvelope(payload)
      ? payload
      : syntheticEnvelope(res.status, res.ok ? fallback : `服务器出错了（${res.status}）`),
  );
}

/**
 * Calls the API and returns the response body (the envelope). Resolves only when the call succeeded
 * (HTTP 2xx and `error === 0`); otherwise rejects with an ApiError after the global handling above.
 */
export async function request<T = unknown>(url: string, options: RequestOptions = {}): Promise<Envelope<T>> {
  const { res, body, hadToken } = await send(url, options);
  const payload = await envelopeOf(body);
  const key = noticeKey(url, options.method);
  if (res.ok && isEnvelope(payload) && payload.error === 0) {
    closeNotice(key);
    return payload as Envelope<T>;
  }
  const failure =
    res.ok && isEnvelope(payload)
      ? new ApiError(res.status, payload)
      : failureOf(res, payload, '服务器返回了无法识别的响应');
  const expected = failure.code !== undefined && options.expectedCodes?.includes(failure.code);
  if (!options.skipErrorHandler && !expected) handleRequestError(failure, hadToken, key);
  throw failure;
}

/** File name from Content-Disposition (RFC 5987 `filename*` first), or undefined. */
export function fileNameOf(header: string | null): string | undefined {
  if (!header) return undefined;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(header);
  return plain?.[1]?.trim() || undefined;
}

export interface FileResponse {
  blob: Blob;
  /** From Content-Disposition, when the server named the file. */
  fileName: string | undefined;
  headers: Headers;
}

/**
 * Calls an API that answers with a file (export, attachment, image) and returns it. The API wants the
 * X-TOKEN header, so a plain link cannot be used. A JSON answer is a refusal (the envelope) and fails like
 * any other call, through the same error handling.
 */
export async function requestFile(url: string, options: RequestOptions = {}): Promise<FileResponse> {
  const { res, body, hadToken } = await send(url, { method: 'GET', ...options });
  const type = res.headers.get('content-type') ?? '';
  const key = noticeKey(url, options.method ?? 'GET');
  if (res.ok && !type.includes('application/json')) {
    closeNotice(key);
    return {
      blob: body,
      fileName: fileNameOf(res.headers.get('content-disposition')),
      headers: res.headers,
    };
  }
  const failure = failureOf(res, await envelopeOf(body), '下载失败');
  if (!options.skipErrorHandler) handleRequestError(failure, hadToken, key);
  throw failure;
}

/** Convenience: the `data` of a successful call. */
export async function fetchData<T>(url: string, options?: RequestOptions): Promise<T> {
  const env = await request<T>(url, options);
  return env.data as T;
}

/**
 * A JSON POST whose envelope message is kept (shown as the success text). `key` sends an Idempotency-Key
 * header: the create calls require one, so a double click creates one record (policy, endorsement and
 * claim calls).
 */
export async function postWithMessage<T>(
  url: string,
  data: unknown,
  key?: string,
): Promise<{ data: T; message: string }> {
  const env = await request<T>(url, { data, ...(key ? { headers: { 'Idempotency-Key': key } } : {}) });
  return { data: env.data as T, message: env.result };
}
