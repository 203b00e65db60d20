import { afterEach, describe, expect, it, vi } from 'vitest';
import { authStore, logout } from './auth.ts';
import { getToken, setToken } from './storage.ts';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  localStorage.clear();
});

describe('logout (spec 4)', () => {
  it('calls the server and clears token, user and routes', async () => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockResolvedValue(json(200, { error: 0, apiError: 0, result: '已退出登录' }));
    setToken('t');
    authStore.set((s) => ({ ...s, token: 't', loaded: true }));
    await logout();
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/logout');
    expect(getToken()).toBeNull();
    expect(authStore.get()).toMatchObject({ token: null, user: null, loaded: false, resources: [] });
  });

  it('treats a session the server already ended (401) as logged out', async () => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockResolvedValue(
      json(401, { error: 401, apiError: 401, result: '登录状态已过期，请重新登录' }),
    );
    setToken('t');
    await expect(logout()).resolves.toBeUndefined();
    expect(getToken()).toBeNull();
  });

  it('reports other failures but still clears the local session', async () => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockResolvedValue(
      json(503, { error: 503, apiError: 503, result: '服务暂时不可用，请稍后重试' }),
    );
    setToken('t');
    await expect(logout()).rejects.toMatchObject({ message: '服务暂时不可用，请稍后重试' });
    expect(getToken()).toBeNull();
  });
});
