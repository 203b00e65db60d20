import type { AddResourceBody, ResourceAdminNode, SaveResourceBody } from '@aqzrx/contracts';
import { fetchData } from '../../platform/request.ts';

/** Server calls of resource management, with the paths and parameter placement of the API. */

export const resourceKeys = {
  resources: ['sys-config', 'resources'] as const,
  roles: ['sys-config', 'roles'] as const,
  roleGrants: (roleId: number) => ['sys-config', 'role-grants', roleId] as const,
};

export const resourceTree = () => fetchData<ResourceAdminNode[]>('/resource/tree', { method: 'POST' });
export const addResource = (data: Partial<AddResourceBody> & Pick<AddResourceBody, 'authKey' | 'name'>) =>
  fetchData<{ id: number }>('/resource/add', { method: 'POST', data });
export const saveResource = (data: SaveResourceBody) =>
  fetchData<null>('/resource/save', { method: 'POST', data });
export const deleteResource = (id: number) =>
  fetchData<null>('/resource/delete', { method: 'POST', params: { id } });
export const moveResource = (data: { id: number; version: number; parentId: number | null }) =>
  fetchData<null>('/resource/move', { method: 'POST', data });
export const orderResources = (data: { parentId: number | null; ids: number[] }) =>
  fetchData<null>('/resource/order', { method: 'POST', data });
