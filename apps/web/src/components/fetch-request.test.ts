import { describe, expect, it, vi } from 'vitest';
import { request as appRequest } from '../platform/request.ts';
import {
  ApiError,
  createFetchRequest,
  type RequestFn,
  toQueryString,
  unwrap,
  withQuery,
} from './fetch-request.ts';

// Compile-time contract: the app's API client can be provided through RequestContext as-is.
const appClient: RequestFn = appRequest;

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('toQueryString / withQuery', () => {
  it('skips null and undefined and repeats array keys', () => {
    expect(toQueryString({ a: 1, b: undefined, c: null, d: ['x', 'y'], e: true, f: '宿迁' })).toBe(
      '?a=1&d=x&d=y&e=true&f=%E5%AE%BF%E8%BF%81',
    );
    expect(toQueryString({})).toBe('');
    expect(toQueryString(undefined)).toBe('');
  });
  it('appends to a URL that already has a query', () => {
    expect(withQuery('/api/x?a=1', { b: 2 })).toBe('/api/x?a=1&b=2');
    expect(withQuery('/api/x', { b: 2 })).toBe('/api/x?b=2');
    expect(withQuery('/api/x', {})).toBe('/api/x');
  });
});

describe('createFetchRequest', () => {
  it('POSTs with query params, JSON body, X-TOKEN and no-cache headers', async () => {
    const fetchImpl = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) =>
      jsonResponse({ error: 0, apiError: 0, result: 'ok', data: { n: 1 } }),
    );
    const request = createFetchRequest({ getToken: () => 'tok', fetchImpl });
    const env = await request('/api/demo', { params: { cityCode: '321300' }, data: { a: 1 } });
    expect(env.data).toEqual({ n: 1 });
    const [url, init] = fetchImpl.mock.calls[0]!;
    expect(url).toBe('/api/demo?cityCode=321300');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"a":1}');
    const headers = init?.headers as Record<string, string>;
    expect(headers['X-TOKEN']).toBe('tok');
    expect(headers.Pragma).toBe('no-cache');
    expect(headers['Content-Type']).toContain('application/json');
  });

  it('sends no token header for a visitor and no body without data', async () => {
    const fetchImpl = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) =>
      jsonResponse({ error: 0, apiError: 0, result: 'ok' }),
    );
    await createFetchRequest({ fetchImpl })('/api/x', { method: 'GET' });
    const init = fetchImpl.mock.calls[0]![1];
    expect(init?.method).toBe('GET');
    expect(init?.body).toBeUndefined();
    const headers = (init?.headers ?? {}) as Record<string, string>;
    expect(headers['X-TOKEN']).toBeUndefined();
  });

  it('returns an error envelope for the caller to unwrap', async () => {
    const request = createFetchRequest({
      fetchImpl: async () => jsonResponse({ error: 400, apiError: 400, result: '参数错误' }, 400),
    });
    const env = await request('/api/x');
    expect(() => unwrap(env)).toThrow('参数错误');
  });

  it('rejects with ApiError when no envelope came back', async () => {
    const request = createFetchRequest({ fetchImpl: async () => new Response('<html>', { status: 502 }) });
    const error = await request('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(502);
    expect((error as ApiError).message).toBe('请求失败（HTTP 502）');
  });

  it('times out', async () => {
    const fetchImpl = (_url: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    const request = createFetchRequest({ fetchImpl, timeoutMs: 10 });
    await expect(request('/api/slow')).rejects.toThrow('请求超时，请稍后重试');
  });
});

describe('unwrap', () => {
  it('returns data of a successful envelope', () => {
    expect(unwrap({ error: 0, apiError: 0, result: 'ok', data: [1] })).toEqual([1]);
    expect(typeof appClient).toBe('function');
  });
});
