import type {
  MechanismAddBody,
  MechanismApi,
  MechanismApiInfo,
  MechanismRow,
  MechanismUpdateBody,
  mechanismFindAllQuery,
  z,
} from '@aqzrx/contracts';
import type { PageResult } from '../../components/index.ts';
import { fetchData } from '../../platform/request.ts';

/** Server calls of safety-mechanism management, with the paths and parameter placement of the API. */

export const mechanismKeys = {
  mechanismApis: (id: number) => ['sys-config', 'mechanism-apis', id] as const,
  subsystemOptions: ['sys-config', 'subsystem-options'] as const,
};

/** The query of /safetymechanism/findAll (contracts mechanismFindAllQuery, as sent). */
export type MechanismQuery = z.input<typeof mechanismFindAllQuery>;
export const findMechanisms = (params: MechanismQuery) =>
  fetchData<PageResult<MechanismRow>>('/safetymechanism/findAll', {
    method: 'POST',
    params: { ...params },
  });
export const addMechanism = (data: MechanismAddBody) =>
  fetchData<{ id: number }>('/safetymechanism/add', { method: 'POST', data });
export const updateMechanism = (data: MechanismUpdateBody) =>
  fetchData<null>('/safetymechanism/update', { method: 'POST', data });
export const deleteMechanism = (id: number) =>
  fetchData<null>('/safetymechanism/delete', { method: 'POST', params: { id } });
/** Whether the order number is free (id: the mechanism being edited). */
export const checkOrderNo = (orderNo: string, id?: number) =>
  fetchData<{ available: boolean }>('/safetymechanism/checkOrderNo', {
    method: 'POST',
    params: { orderNo, id },
    skipErrorHandler: true,
  }).then((d) => d.available);
export const attachedApis = (mechanismId: number) =>
  fetchData<{ list: MechanismApiInfo[] }>('/safetymechanism/listSysApiInfos', {
    method: 'GET',
    params: { mechanismId },
  }).then((d) => d.list);
export const unattachedApis = (mechanismId: number) =>
  fetchData<{ list: MechanismApiInfo[] }>('/safetymechanism/listNoneSysApiInfos', {
    method: 'GET',
    params: { mechanismId },
  }).then((d) => d.list);
export const addMechanismApis = (mechanismId: number, apis: MechanismApi[]) =>
  fetchData<{ added: number }>('/safetymechanism/addSysApiInfos', {
    method: 'POST',
    data: { mechanismId, apis },
  });
export const delMechanismApis = (mechanismId: number, apis: MechanismApi[]) =>
  fetchData<{ removed: number }>('/safetymechanism/delSysApiInfos', {
    method: 'POST',
    data: { mechanismId, apis },
  });
