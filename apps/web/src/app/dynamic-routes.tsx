import type { ResourceNode } from '@aqzrx/contracts';
import { Navigate, type RouteObject } from 'react-router';
import {
  flattenRoutes,
  HOME_TITLE,
  homePath,
  isGroup,
  type ResourceRoute,
  targetPath,
  toResourceRoutes,
} from '../platform/resources.ts';
import type { RouteHandle } from '../platform/route-handle.ts';
import { hasScreen, screenLoader } from '../screens.ts';
import { lazyScreen } from './lazy.ts';
import { RouteError } from './RouteError.tsx';

/** A menu folder, or a parent whose own screen does not exist: opening it opens its first child. */
function isContainer(node: ResourceRoute): boolean {
  return isGroup(node) || (node.children.length > 0 && !hasScreen(node.component));
}

/**
 * Spec 2.2: every resource becomes a route at `/{resUrl}/{authKey}` under the back-office layout; the
 * first resource is the redirect of the root route titled 首页. Menu folders redirect to their first
 * child. Screens load lazily through the registry; unknown component names show the 404 page.
 */
export function buildDynamicRoutes(nodes: readonly ResourceNode[]): RouteObject[] {
  const tree = toResourceRoutes(nodes);
  const routes: RouteObject[] = [];
  const seen = new Set<string>();
  const home = homePath(tree);
  if (home && home !== '/') {
    const handle: RouteHandle = { name: 'index', title: HOME_TITLE, redirect: home };
    routes.push({ id: 'dyn-home', path: '/', handle, element: <Navigate to={home} replace /> });
    seen.add('/');
  }
  for (const node of flattenRoutes(tree)) {
    if (node.path === '/' || seen.has(node.path)) continue;
    seen.add(node.path);
    const target = isContainer(node) && !node.redirect ? targetPath(node.children[0]!) : targetPath(node);
    if ((isContainer(node) || node.redirect) && target !== node.path) {
      const handle: RouteHandle = { title: node.title, redirect: target, resource: node };
      routes.push({
        id: `res-${node.id}`,
        path: node.path,
        handle,
        element: <Navigate to={target} replace />,
      });
      continue;
    }
    const handle: RouteHandle = { title: node.title, resource: node };
    routes.push({
      id: `res-${node.id}`,
      path: node.path,
      handle,
      lazy: lazyScreen(screenLoader(node.component), (c) => c),
      errorElement: <RouteError />,
    });
  }
  return routes;
}
