import type { Envelope } from '@aqzrx/contracts';
import { ApiError } from '../platform/api-error.ts';

export { ApiError };

/** A value that can go in the query string; null and undefined are left out. */
export type QueryValue = string | number | boolean | null | undefined;

/**
 * The HTTP function the shared widgets talk to the server through. The app's real API client
 * (apps/web/src/platform/request.ts) has a compatible signature and is handed in through
 * `RequestContext`; `createFetchRequest` below is the minimal stand-in used when none is provided.
 * The option types are deliberately the narrow ones, so the app's client is assignable to RequestFn.
 */
export interface RequestOptions {
  /** HTTP method; POST unless given (spec 7: "Methods are POST unless noted"). */
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent in the query string; arrays repeat the key. */
  params?: Record<string, QueryValue | QueryValue[]>;
  /** Sent as the JSON body (or as-is when it is FormData). */
  data?: unknown;
}
export type RequestFn = (url: string, init?: RequestOptions) => Promise<Envelope>;

/** Returns the stored login token, or nothing for a public visitor. */
export type TokenGetter = () => string | null | undefined;

/** Spec 9: request time-out 60 s. */
export const REQUEST_TIMEOUT_MS = 60_000;

/** The Chinese message of any error, for showing to a person. */
export function errorMessage(error: unknown, fallback = '操作失败，请稍后重试'): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return fallback;
}

/** Builds `?a=1&b=2` from params, skipping null and undefined and repeating keys for arrays. */
export function toQueryString(params: RequestOptions['params']): string {
  if (!params) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) if (item !== undefined && item !== null) search.append(key, String(item));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Appends query params to a URL that may already carry some. */
export function withQuery(url: string, params: RequestOptions['params']): string {
  const query = toQueryString(params);
  if (!query) return url;
  return url.includes('?') ? `${url}&${query.slice(1)}` : `${url}${query}`;
}

export function isEnvelope(body: unknown): body is Envelope {
  if (typeof body !== 'object' || body === null) return false;
  const b = body as Record<string, unknown>;
  return typeof b.error === 'number' && typeof b.result === 'string';
}

/** Returns `data` of a successful envelope; throws ApiError with the server's message otherwise. */
export function unwrap(envelope: Envelope): unknown {
  if (envelope.error !== 0) {
    throw new ApiError(envelope.error, { ...envelope, result: envelope.result || '请求失败，请稍后重试' });
  }
  return envelope.data;
}

export interface FetchRequestOptions {
  getToken?: TokenGetter;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}

/**
 * A minimal fetch-based RequestFn: POST by default, params in the query, JSON body, X-TOKEN header,
 * no-cache pragma, 60 s time-out. It resolves with the envelope even when `error` is non-zero (the
 * caller decides), and rejects with ApiError only when no envelope came back.
 */
export function createFetchRequest(options: FetchRequestOptions = {}): RequestFn {
  const { getToken, timeoutMs = REQUEST_TIMEOUT_MS } = options;
  return async (url, init = {}) => {
    const doFetch = options.fetchImpl ?? globalThis.fetch.bind(globalThis);
    const headers: Record<string, string> = {
      Accept: 'application/json',
      Pragma: 'no-cache',
      'Cache-Control': 'no-cache',
    };
    const token = getToken?.();
    if (token) headers['X-TOKEN'] = token;
    let body: BodyInit | undefined;
    if (init.data instanceof FormData) {
      body = init.data;
    } else if (init.data !== undefined) {
      headers['Content-Type'] = 'application/json;charset=UTF-8';
      body = JSON.stringify(init.data);
    }
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    let response: Response;
    try {
      response = await doFetch(withQuery(url, init.params), {
        method: init.method ?? 'POST',
        headers,
        body,
        signal: controller.signal,
        credentials: 'same-origin',
      });
    } catch (error) {
      if (controller.signal.aborted) throw ApiError.of('请求超时，请稍后重试');
      throw ApiError.of(`网络异常，请检查网络连接（${errorMessage(error, '请求失败')}）`);
    } finally {
      clearTimeout(timer);
    }
    let parsed: unknown;
    try {
      parsed = await response.json();
    } catch {
      parsed = undefined;
    }
    if (isEnvelope(parsed)) return parsed;
    throw ApiError.of(`请求失败（HTTP ${response.status}）`, response.status);
  };
}
