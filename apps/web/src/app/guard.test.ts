import { describe, expect, it } from 'vitest';
import {
  decideRoute,
  type GuardInput,
  LOGIN_PATH,
  loginRedirect,
  PUBLIC_ROUTE_NAMES,
  pageTitle,
  safeRedirect,
} from './guard.ts';

const base: GuardInput = {
  pathname: '/',
  fullPath: '/',
  routeName: undefined,
  hasToken: false,
  sessionLoaded: false,
};

describe('route guard (spec 2.4)', () => {
  it('sends a visitor without a token at / to the portal home', () => {
    expect(decideRoute(base)).toEqual({ kind: 'redirect', to: '/portal/index' });
  });

  it('sends a visitor without a token on a protected page to login with the full path', () => {
    const d = decideRoute({
      ...base,
      pathname: '/ent/EntAPQuery/route',
      fullPath: '/ent/EntAPQuery/route?tab=2#top',
    });
    expect(d).toEqual({
      kind: 'redirect',
      to: `/user/login?redirect=${encodeURIComponent('/ent/EntAPQuery/route?tab=2#top')}`,
    });
  });

  it('treats an unknown page without a token as protected', () => {
    expect(decideRoute({ ...base, pathname: '/nope', fullPath: '/nope' })).toEqual({
      kind: 'redirect',
      to: loginRedirect('/nope'),
    });
  });

  it.each([...PUBLIC_ROUTE_NAMES])('lets a visitor without a token open public page %s', (name) => {
    expect(decideRoute({ ...base, pathname: `/x/${name}`, fullPath: `/x/${name}`, routeName: name })).toEqual(
      {
        kind: 'allow',
      },
    );
  });

  it('lists exactly the public pages of the spec plus the single page, the Q&A detail and the registration status', () => {
    expect([...PUBLIC_ROUTE_NAMES].sort()).toEqual(
      [
        'login',
        'reg',
        'regManager',
        'loginByQRCode',
        'bindWxUser',
        'recover',
        'portalIndex',
        'portalReg',
        'portalNotice',
        'portalNoticeDetail',
        'portalHelp',
        'portalAP',
        'portalClaim',
        'portalInsure',
        'portalPolicy',
        'portalLogin',
        'serviceReg',
        'expertReg',
        'oauthCenterHelp',
        'portalSinglePage',
        'qaDetail',
        'regStatus',
      ].sort(),
    );
  });

  it('sends a logged-in user away from the login page to /', () => {
    for (const sessionLoaded of [false, true]) {
      expect(
        decideRoute({
          ...base,
          pathname: LOGIN_PATH,
          fullPath: LOGIN_PATH,
          routeName: 'login',
          hasToken: true,
          sessionLoaded,
        }),
      ).toEqual({ kind: 'redirect', to: '/' });
    }
  });

  it('loads the session first when a token exists but roles are not loaded', () => {
    expect(decideRoute({ ...base, pathname: '/a/b', fullPath: '/a/b', hasToken: true })).toEqual({
      kind: 'loadSession',
    });
    expect(
      decideRoute({ ...base, pathname: '/portal/index', routeName: 'portalIndex', hasToken: true }),
    ).toEqual({
      kind: 'loadSession',
    });
  });

  it('lets a logged-in user with a loaded session through', () => {
    expect(
      decideRoute({ ...base, pathname: '/a/b', fullPath: '/a/b', hasToken: true, sessionLoaded: true }),
    ).toEqual({
      kind: 'allow',
    });
  });
});

describe('safeRedirect', () => {
  it('accepts same-site paths only', () => {
    expect(safeRedirect('/ent/EntAPQuery/route?x=1')).toBe('/ent/EntAPQuery/route?x=1');
    expect(safeRedirect('https://evil.example/')).toBeNull();
    expect(safeRedirect('//evil.example/')).toBeNull();
    expect(safeRedirect('/\\evil.example')).toBeNull();
    expect(safeRedirect('')).toBeNull();
    expect(safeRedirect(null)).toBeNull();
    expect(safeRedirect('/user/login?redirect=/x')).toBeNull();
  });

  it('refuses paths a browser would read as another host', () => {
    for (const raw of [
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r\n/evil.example',
      '/x/..//evil.example',
      '/.//evil.example',
      '/%0a',
      'javascript:alert(1)',
      ' /x',
      '\\\\evil.example',
    ]) {
      expect(safeRedirect(raw), JSON.stringify(raw)).toBe(raw === '/%0a' ? raw : null);
    }
    // An encoded control character stays encoded in the path: harmless, kept.
    expect(safeRedirect('/portal/enter/insure')).toBe('/portal/enter/insure');
    expect(safeRedirect('/user/login')).toBeNull();
  });
});

describe('pageTitle', () => {
  it('is the route title followed by the platform name', () => {
    expect(pageTitle('登录', '宿迁市安全生产责任保险监管服务平台')).toBe(
      '登录 - 宿迁市安全生产责任保险监管服务平台',
    );
    expect(pageTitle(undefined, '平台')).toBe('平台');
  });
});
