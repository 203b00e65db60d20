import { type AuthState, roleKeyOf, useAuth } from './auth.ts';
import { landingPath } from './contracts.ts';
import { PORTAL_INDEX_PATH } from './paths.ts';
import { flattenRoutes, homePath, toResourceRoutes } from './resources.ts';

type HomeAuth = Pick<AuthState, 'token' | 'user' | 'login' | 'resources'>;

/**
 * The page 首页 means for a signed-in user: the role's landing page (spec 2.3) when the user's resource
 * tree has it, else the first resource (spec 2.2; also for roles whose landing is `/`). Null for visitors.
 */
export function roleHome(auth: HomeAuth): string | null {
  if (auth.token === null) return null;
  const tree = toResourceRoutes(auth.resources);
  const landing = landingPath(roleKeyOf(auth));
  if (landing !== '/' && flattenRoutes(tree).some((n) => n.path === landing)) return landing;
  return homePath(tree);
}

/**
 * Where 返回首页 leads from `pathname`: the user's home page, or the portal home (/portal/index) for
 * visitors and from the home page itself (a 404 there would otherwise lead back to itself).
 */
export function homeTarget(auth: HomeAuth, pathname: string): string {
  const home = roleHome(auth);
  return home && home !== pathname ? home : PORTAL_INDEX_PATH;
}

export function useRoleHome(): string | null {
  return roleHome(useAuth());
}
