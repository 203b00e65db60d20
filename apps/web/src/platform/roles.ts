import type { RoleRow } from '@aqzrx/contracts';
import { useQuery } from '@tanstack/react-query';
import { fetchData } from './request.ts';

/**
 * Every role (POST /role/getAllRole, needs only a login): reference data of the session like the role
 * list platform/auth loads, here for the selects of the user, resource and other screens.
 */
export const allRoles = () => fetchData<RoleRow[]>('/role/getAllRole');

/** Roles for the selects, fresh for 30 s (a role added in another tab shows up soon). */
export function useRoles() {
  return useQuery({ queryKey: ['sys', 'roles', 'all'], queryFn: allRoles, staleTime: 30_000 });
}
