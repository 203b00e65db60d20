import { useAuth } from './auth.ts';
import { flattenRoutes, toResourceRoutes } from './resources.ts';

/**
 * The user-management screens other screens link to (e.g. an organisation's users). The operations admin
 * and the government hold different component names for the same screens; a role that lacks one (e.g. a
 * custom role without UserAdd) gets no link.
 */
export const USER_SCREENS = {
  list: ['UserSearch', 'GovUsers'],
  add: ['UserAdd', 'GovUserAdd'],
  edit: ['UserEdit', 'GovUserEdit'],
  detail: ['UserDetail', 'GovUserDetail'],
} as const;

/** Path of the first resource of the signed-in user whose component is one of `components`. */
export function useScreenPath(components: readonly string[]): string | null {
  const { resources } = useAuth();
  const hit = flattenRoutes(toResourceRoutes(resources)).find((n) => components.includes(n.component));
  return hit ? hit.path : null;
}
