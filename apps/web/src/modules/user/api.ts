import type { Paged, SessionRow, UserDetail, UserRow, userListQuery, z } from '@aqzrx/contracts';
import { exportXlsx } from '../../platform/download.ts';
import { fetchData, type QueryValue, request } from '../../platform/request.ts';

/** Calls of user management (spec 7), exactly as the server declares them. */
export const USER_API = {
  userList: '/sys/user/searchUserList.json',
  userGet: '/sys/user/getUserById',
  userAdd: '/sys/user/add',
  userSave: '/sys/user/save',
  userDelete: '/sys/user/delete',
  userReset: '/sys/user/pwd/reset',
  userUnlock: '/sys/user/unlock',
  disableIdle: '/sys/user/disableIdle',
  userStatus: '/sys/admin/updateByStatus.json',
  userExport: '/sys/user/searchUserListByExcl.json',
  userSessions: '/sys/user/getUserSessions',
  forceLogout: '/sys/user/forceLogout',
  mfaReset: '/sys/user/mfa/reset',
  dutyRole: '/sys/user/dutyRole',
} as const;

type Params = Record<string, QueryValue | QueryValue[]>;

/** The filters of the user list (contracts userListQuery, as sent, without paging). */
export type UserFilters = Omit<z.input<typeof userListQuery>, 'pageNo' | 'pageSize' | 'roleKey'>;

export const searchUsers = (params: Params) => fetchData<Paged<UserRow>>(USER_API.userList, { params });

export const getUser = (id: number, reveal = false) =>
  fetchData<UserDetail>(USER_API.userGet, { params: reveal ? { id, reveal: 'true' } : { id } });

export interface UserFormBody {
  nickname: string;
  mobile: string | null;
  email: string | null;
  roleId: number;
  orgId: number | null;
  districtCodes: string[];
}

export interface AddUserRequest extends UserFormBody {
  username: string;
  password: string;
  mustChangePassword: boolean;
}

export async function addUser(body: AddUserRequest): Promise<{ id: number; message: string }> {
  const env = await request<{ id: number }>(USER_API.userAdd, { data: body });
  return { id: env.data?.id ?? 0, message: env.result };
}

export interface SaveUserRequest extends Partial<UserFormBody> {
  id: number;
  version: number;
}

/** Saves a user; a stale version answers 409 (the caller shows its own message, see saveUserError). */
export async function saveUser(body: SaveUserRequest): Promise<string> {
  const env = await request(USER_API.userSave, { data: body, skipErrorHandler: true });
  return env.result;
}

export const deleteUser = (id: number) => request(USER_API.userDelete, { params: { id } });

export const resetPassword = (id: number, newPwd: string) =>
  request(USER_API.userReset, { params: { id }, data: { newPwd } });

export const unlockUser = (id: number) =>
  request<{ wasLocked: boolean }>(USER_API.userUnlock, { params: { id } });

/**
 * The security admin disables an account 长期未登录 (security.md A08; an account that signed in within the
 * period → 409, the system administrator's to disable).
 */
export const disableIdleAccount = (id: number) => request(USER_API.disableIdle, { params: { id } });

/** The security admin resets a user's second factor (the user enrols a new authenticator at the next sign-in). */
export const resetMfa = (id: number) => request(USER_API.mfaReset, { params: { id } });

/**
 * The security administrator grants, revokes or moves a security or audit administrator role (三权分立); the
 * account's sessions end.
 */
export const setDutyRole = (body: { id: number; version: number; roleId: number }) =>
  request<{ roleChanged: boolean; revoked: number }>(USER_API.dutyRole, { data: body });

export const setUserStatus = (id: number, status: 1 | 2) =>
  request(USER_API.userStatus, { params: { id, status } });

export const userSessions = (id: number) =>
  fetchData<SessionRow[]>(USER_API.userSessions, { params: { id } });

export const forceLogout = (id: number, sessionId?: number) =>
  request<{ ended: number }>(USER_API.forceLogout, {
    params: sessionId === undefined ? { id } : { id, sessionId },
  });

// ---------------------------------------------------------------------------------------------------
// Export: the server answers the .xlsx itself (or an envelope when it refuses)
// ---------------------------------------------------------------------------------------------------

/** The filtered user list as .xlsx (searchUserListByExcl.json); resolves to the row count. */
export const downloadUsers = (params: Params, fallbackName: string) =>
  exportXlsx(USER_API.userExport, params, fallbackName);
