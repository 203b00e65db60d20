import type { ResourceNode } from '@aqzrx/contracts';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testUser } from '../test/user.ts';

const loadSession = vi.fn();
const logout = vi.fn();
vi.mock('../platform/auth.ts', async (orig) => {
  const actual = await orig<typeof import('../platform/auth.ts')>();
  return { ...actual, loadSession: () => loadSession(), logout: () => logout() };
});

// Web test files share their module cache (isolate: false): a file that ran before in this worker may have
// loaded guard-loader.ts with the real auth module (route-paths.test.ts does, through the router). Start from
// fresh modules so the imports below see the mock.
vi.resetModules();
const { authStore } = await import('../platform/auth.ts');
const { setToken, clearToken } = await import('../platform/storage.ts');
const { createGuardLoader } = await import('./guard-loader.ts');

const user = testUser({ username: 'gov', nickname: '监管员', roleKey: 'ROLE_GOVERNMENT', roleName: '政府' });
const resource: ResourceNode = {
  id: 7,
  resUrl: 'government/govAp/GovernmentAp',
  authKey: 'route',
  name: '事故预防监管',
  resName: 'GovernmentAp',
  icon: '',
  permission: 'ap',
  level: 1,
  action: 'query,get',
  isMenu: true,
  hide: false,
  redirect: '',
  component: 'GovernmentAp',
  children: [],
};

const staticRoutes: RouteObject[] = [
  {
    path: '/',
    children: [
      {
        path: 'user',
        children: [
          { index: true, handle: { redirect: '/user/login' } },
          { path: 'login', handle: { name: 'login' } },
        ],
      },
      { path: 'portal/index', handle: { name: 'portalIndex' } },
      { path: '*' },
    ],
  },
];

function args(path: string): LoaderFunctionArgs {
  return {
    request: new Request(`http://localhost${path}`),
    params: {},
    context: undefined,
  } as LoaderFunctionArgs;
}

async function outcome(p: Promise<unknown>): Promise<{ redirect: string | null; value: unknown }> {
  try {
    return { redirect: null, value: await p };
  } catch (e) {
    if (e instanceof Response) return { redirect: e.headers.get('Location'), value: null };
    throw e;
  }
}

describe('guard loader', () => {
  let added: RouteObject[][];
  let loader: ReturnType<typeof createGuardLoader>;
  beforeEach(() => {
    added = [];
    loader = createGuardLoader({ routes: () => staticRoutes, addRoutes: (r) => added.push(r) });
    authStore.set({
      token: null,
      login: null,
      user: null,
      roles: [],
      resources: [],
      industries: [],
      loaded: false,
    });
  });
  afterEach(() => {
    clearToken();
    vi.clearAllMocks();
  });

  it('applies route redirects before the guard (/user -> /user/login)', async () => {
    expect((await outcome(loader(args('/user')))).redirect).toBe('/user/login');
  });

  it('allows public pages without a token', async () => {
    expect(await outcome(loader(args('/user/login')))).toEqual({ redirect: null, value: null });
  });

  it('redirects protected pages to login with the full path', async () => {
    const r = await outcome(loader(args('/x/y?a=1')));
    expect(r.redirect).toBe(`/user/login?redirect=${encodeURIComponent('/x/y?a=1')}`);
  });

  it('loads the session, adds the user routes and re-enters the same path', async () => {
    setToken('t');
    loadSession.mockResolvedValue({ user, roles: [], resources: [resource], industries: [] });
    const r = await outcome(loader(args('/government/govAp/GovernmentAp/route?q=1')));
    expect(loadSession).toHaveBeenCalledTimes(1);
    expect(r.redirect).toBe('/government/govAp/GovernmentAp/route?q=1');
    expect(added).toHaveLength(1);
    const paths = added[0]!.map((x) => x.path);
    expect(paths).toContain('/government/govAp/GovernmentAp/route');
    expect(paths).toContain('/');
  });

  it('logs out and goes to login with the redirect when loading fails', async () => {
    setToken('t');
    loadSession.mockRejectedValue(new Error('boom'));
    logout.mockResolvedValue(undefined);
    const r = await outcome(loader(args('/a/b')));
    expect(logout).toHaveBeenCalledTimes(1);
    expect(r.redirect).toBe(`/user/login?redirect=${encodeURIComponent('/a/b')}`);
  });

  it('passes once the session is loaded', async () => {
    setToken('t');
    authStore.set((s) => ({ ...s, user, loaded: true }));
    expect(await outcome(loader(args('/a/b')))).toEqual({ redirect: null, value: null });
    expect(loadSession).not.toHaveBeenCalled();
  });
});
