import { useMatches } from 'react-router';
import type { ResourceRoute } from './resources.ts';

/** What a route carries for the guard, the title and the layouts (react-router `handle`). */
export interface RouteHandle {
  /** The spec's route name (public-page check, named links). */
  name?: string;
  title?: string;
  /** Redirect applied before the guard, like a router-level redirect. */
  redirect?: string;
  /** The server resource a dynamic route was built from (menu, breadcrumbs, <Action>). */
  resource?: ResourceRoute;
}

export function asHandle(handle: unknown): RouteHandle {
  return typeof handle === 'object' && handle !== null ? (handle as RouteHandle) : {};
}

/** The deepest matched route's title (spec 2.4: title + platform name). */
export function useRouteTitle(): string | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const title = asHandle(matches[i]?.handle).title;
    if (title) return title;
  }
  return undefined;
}
