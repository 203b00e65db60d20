import type { Paged, ResourceNode, RoleGrant, RoleRow } from '@aqzrx/contracts';
import { fetchData, type QueryValue, request } from '../../platform/request.ts';

/** Calls of role management (spec 7), exactly as the server declares them. */
export const ROLE_API = {
  roleSearch: '/role/search',
  roleResTree: '/role/getResList',
  roleGrants: '/role/getResListByRoleId',
  roleAdd: '/role/add',
  roleSave: '/role/save',
  roleDelete: '/role/deleteById',
  roleUsers: '/role/saveRoleUser',
} as const;

type Params = Record<string, QueryValue | QueryValue[]>;

export const searchRoles = (params: Params) =>
  fetchData<{ page: Paged<RoleRow> }>(ROLE_API.roleSearch, { params }).then((d) => d.page);

export const resourceTree = () => fetchData<ResourceNode[]>(ROLE_API.roleResTree);

export const roleGrants = (roleId: number) =>
  fetchData<{ grants: RoleGrant[]; tree: ResourceNode[] }>(ROLE_API.roleGrants, { params: { roleId } });

export interface RoleBody {
  id?: number;
  version?: number;
  roleKey: string;
  roleName: string;
  description: string;
  resources: RoleGrant[];
}

export async function saveRole(body: RoleBody): Promise<{ id: number; message: string }> {
  const env = await request<{ id: number }>(body.id ? ROLE_API.roleSave : ROLE_API.roleAdd, {
    data: body,
    skipErrorHandler: true,
  });
  return { id: env.data?.id ?? 0, message: env.result };
}

/** Refusals (users still hold the role, system role) come back for the screen to show. */
export const deleteRole = (id: number) =>
  request(ROLE_API.roleDelete, { params: { id }, skipErrorHandler: true });

export const assignRole = (roleId: number, userIds: number[]) =>
  request<{ assigned: number; unchanged: number }>(ROLE_API.roleUsers, { data: { roleId, userIds } });
