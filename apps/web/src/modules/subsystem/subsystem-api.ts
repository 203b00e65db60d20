import type { Paged, SubsystemCredentials, SubsystemInfo, UserRow } from '@aqzrx/contracts';
import { fetchData } from '../../platform/request.ts';

/** Subsystem credentials, the service-account picker and the public help lookup. */

export const generateCredentials = (id: number) =>
  fetchData<SubsystemCredentials>('/subsystem/credentials/generate', { method: 'POST', params: { id } });
export const rotateCredentials = (id: number) =>
  fetchData<SubsystemCredentials>('/subsystem/credentials/rotate', { method: 'POST', params: { id } });
export const revokeCredentials = (id: number) =>
  fetchData<null>('/subsystem/credentials/revoke', { method: 'POST', params: { id } });

/**
 * Users for the service-account picker, by username. A role without user.query gets an empty answer
 * (reported by the picker) instead of the client's global "no permission" notice.
 */
export const searchServiceUsers = (username: string) =>
  fetchData<Paged<UserRow>>('/sys/user/searchUserList.json', {
    method: 'POST',
    params: { pageNo: 1, pageSize: 20, ...(username ? { username } : {}) },
    skipErrorHandler: true,
  }).then((d) => d.list);

/** The public help page's lookup (spec 7): data.subsystem; unknown codes answer 404. */
export const subsystemInfo = (code: string) =>
  fetchData<{ subsystem: SubsystemInfo }>('/subsystem/getSubsystemInfo', {
    method: 'POST',
    params: { code },
    skipErrorHandler: true,
  }).then((d) => d.subsystem);
