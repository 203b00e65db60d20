import type { IndustryAddBody, IndustryNode, IndustryUpdateBody } from '@aqzrx/contracts';
import { fetchData } from '../../platform/request.ts';

/** Server calls of industry management, with the paths and parameter placement of the API. */

export const industryKeys = {
  industries: (pid: number) => ['sys-config', 'industries', pid] as const,
};

/** The subtree below pid (all=true includes disabled nodes). */
export const industriesByPid = (pid: number) =>
  fetchData<{ industryList: IndustryNode[] }>('/industry/findByPid', {
    method: 'POST',
    params: { pid, all: true },
  }).then((d) => d.industryList);
export const addIndustry = (data: IndustryAddBody) =>
  fetchData<{ id: number }>('/industry/add', { method: 'POST', data });
export const updateIndustry = (data: IndustryUpdateBody) =>
  fetchData<null>('/industry/update', { method: 'POST', data });
export const deleteIndustry = (id: number) =>
  fetchData<null>('/industry/delete', { method: 'POST', params: { id } });
