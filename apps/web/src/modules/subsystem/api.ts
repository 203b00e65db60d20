import type { SubsystemAddBody, SubsystemRow, SubsystemUpdateBody } from '@aqzrx/contracts';
import type { PageResult } from '../../components/index.ts';
import { fetchData } from '../../platform/request.ts';

/** Server calls of subsystem management, with the paths and parameter placement of the API. */

export interface SubsystemQuery {
  pageNo: number;
  pageSize: number;
  name?: string;
  code?: string;
  status?: number;
}
export const listSubsystems = (params: SubsystemQuery) =>
  fetchData<PageResult<SubsystemRow>>('/subsystem/list', { method: 'POST', params: { ...params } });
export const addSubsystem = (data: SubsystemAddBody) =>
  fetchData<{ id: number }>('/subsystem/add', { method: 'POST', data });
export const updateSubsystem = (data: SubsystemUpdateBody) =>
  fetchData<null>('/subsystem/update', { method: 'POST', data });
export const deleteSubsystem = (id: number) =>
  fetchData<null>('/subsystem/delete', { method: 'POST', params: { id } });
