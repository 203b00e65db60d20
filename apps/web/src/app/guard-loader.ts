import { Messages } from '@aqzrx/contracts';
import { type LoaderFunctionArgs, matchRoutes, type RouteObject, redirect } from 'react-router';
import { authStore, loadSession, logout } from '../platform/auth.ts';
import { requirePasswordChange } from '../platform/password-prompt.ts';
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
 * the spec 2.4 guard. Nothing of a protected page renders before it has said yes.
 */
export function createGuardLoader(deps: GuardDeps) {
  return async function guardLoader({ request }: LoaderFunctionArgs): Promise<null> {
    const url = new URL(request.url);
    const fullPath = `${url.pathname}${url.search}${url.hash}`;
    const matches = matchRoutes(deps.routes(), url.pathname) ?? [];
    const leaf = asHandle(matches[matches.length - 1]?.route.handle);
    if (leaf.redirect && leaf.redirect !== url.pathname) throw redirect(leaf.redirect);

    const decision = decideRoute({
      pathname: url.pathname,
      fullPath,
      routeName: leaf.name,
      hasToken: getToken() !== null,
      sessionLoaded: authStore.get().loaded,
    });
    if (decision.kind === 'allow') return null;
    if (decision.kind === 'redirect') throw redirect(decision.to);

    try {
      const session = await loadSession();
      deps.addRoutes(buildDynamicRoutes(session.resources));
      if (session.user.mustChangePassword) requirePasswordChange(Messages.passwordChangeRequired);
    } catch {
      await logout().catch(() => undefined);
      throw redirect(loginRedirect(fullPath));
    }
    // Match again now that the user's routes exist.
    throw redirect(fullPath);
  };
}
