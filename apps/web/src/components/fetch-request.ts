import type { Envelope } from '@aqzrx/contracts';

/**
 * The HTTP function the shared widgets talk to the server through. The app's real API client
 * (apps/web/src/platform/api.ts) has this same signature and is handed in through `RequestContext`;
 * `createFetchRequest` below is the minimal stand-in used when no client is provided.
 */
export interface RequestOptions {
  /** HTTP method; POST unless given (spec 7: "Methods are POST unless noted"). */
  method?: string;
  /** Sent in the query string. */
  params?: Record<string, unknown>;
  /** Sent as the JSON body (or as-is when it is FormData). */
  data?: unknown;
}
export type RequestFn = (url: string, init?: RequestOptions) => Promise<Envelope>;

/** Returns the stored login token, or nothing for a public visitor. */
export type TokenGetter = () => string | null | undefined;

/** Spec 9: request time-out 60 s. */
export const REQUEST_TIMEOUT_MS = 60_000;

/** A failed call: a non-zero envelope, an HTTP failure without an envelope, a time-out or no network. */
export class ApiError extends Error {
  readonly envelope: Envelope | undefined;
  readonly status: number | undefined;
  constructor(message: string, envelope?: Envelope, status?: number) {
    super(message);
    this.name = 'ApiError';
    this.envelope = envelope;
    this.status = status;
  }
}

/** The Chinese message of any error, for showing to a person. */
export function errorMessage(error: unknown, fallback = '操作失败，请稍后重试'): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return fallback;
}

function appendParam(search: URLSearchParams, key: string, value: unknown): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) {
    for (const item of value) appendParam(search, key, item);
    return;
  }
  if (value instanceof Date) {
    search.append(key, value.toISOString());
    return;
  }
  if (typeof value === 'object') {
    search.append(key, JSON.stringify(value));
    return;
  }
  search.append(key, String(value));
}

/** Builds `?a=1&b=2` from params, skipping null and undefined and repeating keys for arrays. */
export function toQueryString(params: Record<string, unknown> | undefined): string {
  if (!params) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) appendParam(search, key, value);
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Appends query params to a URL that may already carry some. */
export function withQuery(url: string, params: Record<string, unknown> | undefined): string {
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
    throw new ApiError(envelope.result || '请求失败，请稍后重试', envelope, envelope.error);
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
        method: (init.method ?? 'POST').toUpperCase(),
        headers,
        body,
        signal: controller.signal,
        credentials: 'same-origin',
      });
    } catch (error) {
      if (controller.signal.aborted) throw new ApiError('请求超时，请稍后重试');
      throw new ApiError(`网络异常，请检查网络连接（${errorMessage(error, '请求失败')}）`);
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
    throw new ApiError(`请求失败（HTTP ${response.status}）`, undefined, response.status);
  };
}
