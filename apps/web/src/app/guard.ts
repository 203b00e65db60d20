/**
 * The route guard of spec 2.4 as a pure decision, so every rule is unit-tested without a browser.
 * The router's root loader feeds it the target location and the session state and acts on the answer.
 */

import { isSitePath } from '../platform/contracts.ts';

export const LOGIN_PATH = '/user/login';
export const PORTAL_HOME_PATH = '/portal/index';
export const ROOT_PATH = '/';

/**
 * Route names reachable without a token: the list of spec 2.4, plus the portal single page and the public
 * Q&A detail, which the spec's list omits although the public portal links to them (footer links, published
 * answers); without them a visitor clicking 关于我们 would be sent to the login page. See
 * docs/ARCHITECTURE.md, "Decisions that depart from the brief".
 */
export const PUBLIC_ROUTE_NAMES: ReadonlySet<string> = new Set([
  'login',
  'reg',
  'regManager',
  'loginByQRCode',
  'bindWxUser',
  'recover',
  'regStatus',
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
]);

export interface GuardInput {
  pathname: string;
  /** Path plus query and hash, as the redirect query should carry it. */
  fullPath: string;
  /** Name of the deepest matched route, if it has one. */
  routeName: string | undefined;
  hasToken: boolean;
  /** The spec's "roles loaded": user info fetched and routes added. */
  sessionLoaded: boolean;
}

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string }
  /** Fetch user info, build and add the routes, then navigate to the same place again. */
  | { kind: 'loadSession' };

export function loginRedirect(fullPath: string): string {
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(fullPath)}`;
}

export function decideRoute(input: GuardInput): GuardDecision {
  const { pathname, fullPath, routeName, hasToken, sessionLoaded } = input;
  if (!hasToken) {
    if (pathname === ROOT_PATH) return { kind: 'redirect', to: PORTAL_HOME_PATH };
    if (routeName !== undefined && PUBLIC_ROUTE_NAMES.has(routeName)) return { kind: 'allow' };
    return { kind: 'redirect', to: loginRedirect(fullPath) };
  }
  if (pathname === LOGIN_PATH) return { kind: 'redirect', to: ROOT_PATH };
  if (!sessionLoaded) return { kind: 'loadSession' };
  return { kind: 'allow' };
}

/**
 * The `redirect` query after login: only a path of this site is honoured, so a crafted link cannot send
 * a user to another site (`isSitePath` of the contracts: refuses absolute URLs, `//host`, `/\\host`, backslashes
 * and control characters anywhere, dot segments that resolve to `//host`), nor the login page itself.
 */
export function safeRedirect(raw: string | null | undefined): string | null {
  if (!raw || !isSitePath(raw)) return null;
  if (new URL(raw, 'http://same-site.invalid').pathname === LOGIN_PATH) return null;
  return raw;
}

/** Page title (spec 2.4): route title followed by the platform name. */
export function pageTitle(routeTitle: string | undefined, platformName: string): string {
  return routeTitle ? `${routeTitle} - ${platformName}` : platformName;
}
