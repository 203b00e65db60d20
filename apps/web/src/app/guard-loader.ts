import { type LoaderFunctionArgs, matchRoutes, type RouteObject, replace } from 'react-router';
import { authStore, loadSession, logout } from '../platform/auth.ts';
import { passwordChangePrompt, requirePasswordChange } from '../platform/password-prompt.ts';
import { asHandle } from '../platform/route-handle.ts';
import { getToken } from '../platform/storage.ts';
import { buildDynamicRoutes } from './dynamic-routes.tsx';
import { decideRoute, loginRedirect } from './guard.ts';

export interface GuardDeps {
  /** The router's current route tree (including routes added at run time). */
  routes(): RouteObject[];
  /** Adds the routes built from the resource list under the back-office layout. */
  addRoutes(routes: RouteObject[]): void;
}

/**
 * The root route's loader: runs before every navigation (the root route always revalidates) and applies
 * the spec 2.4 guard. Nothing of a protected page renders before it has said yes. Its redirects replace
 * the attempted entry, so the back button never returns to a page the guard turned away.
 */
export function createGuardLoader(deps: GuardDeps) {
  return async function guardLoader({ request }: LoaderFunctionArgs): Promise<null> {
    const url = new URL(request.url);
    const fullPath = `${url.pathname}${url.search}${url.hash}`;
    const matches = matchRoutes(deps.routes(), url.pathname) ?? [];
    const leaf = asHandle(matches[matches.length - 1]?.route.handle);
    if (leaf.redirect && leaf.redirect !== url.pathname) throw replace(leaf.redirect);

    const decision = decideRoute({
      pathname: url.pathname,
      fullPath,
      routeName: leaf.name,
      hasToken: getToken() !== null,
      sessionLoaded: authStore.get().loaded,
    });
    if (decision.kind === 'allow') return null;
    if (decision.kind === 'redirect') throw replace(decision.to);

    try {
      const session = await loadSession();
      deps.addRoutes(buildDynamicRoutes(session.resources));
      if (session.user.mustChangePassword)
        requirePasswordChange(passwordChangePrompt(session.user.passwordChangeReason));
    } catch {
      await logout().catch(() => undefined);
      throw replace(loginRedirect(fullPath));
    }
    // Match again now that the user's routes exist.
    throw replace(fullPath);
  };
}
