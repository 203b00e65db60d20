import type { Envelope } from '@aqzrx/contracts';
import { browser, feedback } from './feedback.ts';
import { requirePasswordChange } from './password-prompt.ts';
import { clearToken, getToken } from './storage.ts';

/** Spec 7/9: one client, base path /api, 60 s time-out. */
export const API_BASE = '/api';
export const REQUEST_TIMEOUT_MS = 60_000;
/** Delay before the page reloads after a 401 with a stored token (spec 8). */
export const UNAUTHORIZED_RELOAD_DELAY_MS = 1500;

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent in the query string (the spec's default placement). */
  params?: Record<string, QueryValue | QueryValue[]>;
  /** Sent as the body: JSON for plain values, as-is for FormData/Blob. */
  data?: unknown;
  /** The caller shows the failure itself (login form, password dialog): no global notice, no reload. */
  skipErrorHandler?: boolean;
  timeoutMs?: number;
  signal?: AbortSignal;
}

const PASSWORD_REASONS = new Set(['PASSWORD_CHANGE_REQUIRED', 'PASSWORD_EXPIRED']);

/** A failed call: the HTTP status (0 for network failures and time-outs) and the server envelope. */
export class ApiError extends Error {
  readonly status: number;
  readonly envelope: Envelope;
  constructor(status: number, envelope: Envelope) {
    super(envelope.result);
    this.name = 'ApiError';
    this.status = status;
    this.envelope = envelope;
  }
  get code(): string | undefined {
    return this.envelope.code;
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}

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

function syntheticEnvelope(status: number, result: string, code?: string): Envelope {
  return { error: status || -1, apiError: status || -1, result, ...(code ? { code } : {}) };
}

/** One-shot guards so a burst of failing calls shows one notice and schedules one reload. */
const pending = { forbidden: false, unauthorized: false };
export function resetErrorGuards(): void {
  pending.forbidden = false;
  pending.unauthorized = false;
}

/**
 * The spec 8 error catalogue. Exported for tests; `request` calls it for every failure unless the
 * caller opted out.
 */
export function handleRequestError(err: ApiError, hadToken: boolean): void {
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
    feedback.notification.error({
      message: 'Unauthorized',
      description: 'Authorization verification failed',
    });
    if (hadToken) {
      clearToken();
      setTimeout(() => browser.reload(), UNAUTHORIZED_RELOAD_DELAY_MS);
    }
    return;
  }
  feedback.notification.error({
    message: status === 0 ? '网络异常' : '请求失败',
    description: envelope.result,
  });
}

/**
 * Calls the API and returns the response body (the envelope). Resolves only when the call succeeded
 * (HTTP 2xx and `error === 0`); otherwise rejects with an ApiError after the global handling above.
 */
export async function request<T = unknown>(url: string, options: RequestOptions = {}): Promise<Envelope<T>> {
  const { method = 'POST', params, data, skipErrorHandler = false, timeoutMs = REQUEST_TIMEOUT_MS } = options;
  const token = getToken();
  const headers: Record<string, string> = { Pragma: 'no-cache', 'Cache-Control': 'no-cache' };
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

  let failure: ApiError;
  try {
    const res = await fetch(buildUrl(url, params), { method, headers, body, signal: controller.signal });
    let payload: unknown = null;
    const text = await res.text();
    if (text) {
      try {
        payload = JSON.parse(text);
      } catch {
        payload = null;
      }
    }
    if (res.ok && isEnvelope(payload) && payload.error === 0) return payload as Envelope<T>;
    failure = new ApiError(
      res.status,
      isEnvelope(payload)
        ? payload
        : syntheticEnvelope(
            res.status,
            res.ok ? '服务器返回了无法识别的响应' : `服务器出错了（${res.status}）`,
          ),
    );
  } catch (e) {
    if (options.signal?.aborted) throw e;
    failure = new ApiError(
      0,
      syntheticEnvelope(0, timedOut ? '请求超时，请稍后重试' : '网络连接失败，请检查网络后重试', 'NETWORK'),
    );
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onOuterAbort);
  }
  if (!skipErrorHandler) handleRequestError(failure, token !== null);
  throw failure;
}

/** Convenience: the `data` of a successful call. */
export async function fetchData<T>(url: string, options?: RequestOptions): Promise<T> {
  const env = await request<T>(url, options);
  return env.data as T;
}
