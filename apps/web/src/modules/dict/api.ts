import type { DictAddBody, DictNode, DictUpdateBody } from '@aqzrx/contracts';
import { fetchData } from '../../platform/request.ts';

/** Server calls of dictionary management, with the paths and parameter placement of the API. */

export const dictKeys = {
  dicts: (pid: string, tree: boolean) => ['sys-config', 'dicts', pid, tree] as const,
};

export const findDicts = (params: { pid?: string; tree?: boolean; name?: string; code?: string }) =>
  fetchData<{ list: DictNode[] }>('/dict/findAll', { method: 'POST', params }).then((d) => d.list);
export const addDict = (data: DictAddBody) =>
  fetchData<{ id: number }>('/dict/add', { method: 'POST', data });
export const updateDict = (data: DictUpdateBody) => fetchData<null>('/dict/update', { method: 'POST', data });
export const deleteDict = (id: number) => fetchData<null>('/dict/delete', { method: 'POST', params: { id } });
export const linkDictArea = (data: { id: number; version: number; areaCodes: string[] }) =>
  fetchData<{ id: number; areaCodes: string[] }>('/dict/linkArea', { method: 'POST', data });
