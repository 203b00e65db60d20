import type {
  SubsystemAddBody,
  SubsystemRow,
  SubsystemUpdateBody,
  subsystemListQuery,
  z,
} from '@aqzrx/contracts';
import type { PageResult } from '../../components/index.ts';
import { fetchData } from '../../platform/request.ts';

/** Server calls of subsystem management, with the paths and parameter placement of the API. */

/** The query of /subsystem/list (contracts subsystemListQuery, as sent). */
export type SubsystemQuery = z.input<typeof subsystemListQuery>;
export const listSubsystems = (params: SubsystemQuery) =>
  fetchData<PageResult<SubsystemRow>>('/subsystem/list', { method: 'POST', params: { ...params } });
export const addSubsystem = (data: SubsystemAddBody) =>
  fetchData<{ id: number }>('/subsystem/add', { method: 'POST', data });
export const updateSubsystem = (data: SubsystemUpdateBody) =>
  fetchData<null>('/subsystem/update', { method: 'POST', data });
export const deleteSubsystem = (id: number) =>
  fetchData<null>('/subsystem/delete', { method: 'POST', params: { id } });
