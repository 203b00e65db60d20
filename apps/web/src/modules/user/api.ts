import type {
  OpLogRow,
  OrgRow,
  Paged,
  PushLogRow,
  RequestLogRow,
  ResourceNode,
  RoleGrant,
  RoleRow,
  SessionRow,
  UserDetail,
  UserRow,
} from '@aqzrx/contracts';
import { downloadFile } from '../../platform/download.ts';
import { fetchData, type QueryValue, request } from '../../platform/request.ts';

/** Calls of system administration (spec 7), exactly as the server declares them. */
export const SYS_API = {
  userList: '/sys/user/searchUserList.json',
  userGet: '/sys/user/getUserById',
  userAdd: '/sys/user/add',
  userSave: '/sys/user/save',
  userDelete: '/sys/user/delete',
  userReset: '/sys/user/pwd/reset',
  userUnlock: '/sys/user/unlock',
  userStatus: '/sys/admin/updateByStatus.json',
  userExport: '/sys/user/searchUserListByExcl.json',
  userSessions: '/sys/user/getUserSessions',
  forceLogout: '/sys/user/forceLogout',
  roleAll: '/role/getAllRole',
  roleSearch: '/role/search',
  roleResTree: '/role/getResList',
  roleGrants: '/role/getResListByRoleId',
  roleAdd: '/role/add',
  roleSave: '/role/save',
  roleDelete: '/role/deleteById',
  roleUsers: '/role/saveRoleUser',
  orgList: '/sys/org/getOrgList.json',
  orgAdd: '/sys/org/add',
  orgSave: '/sys/org/save',
  orgEnable: '/sys/org/enable',
  orgDisable: '/sys/org/disable',
  opLogs: '/log/sysLogs/searchLogList.json',
  opLogExport: '/log/sysLogs/searchLogListByExcl.json',
  requestLogs: '/request-log/list',
  pushLogs: '/requestpushlog/findAll',
} as const;

type Params = Record<string, QueryValue | QueryValue[]>;

// ---------------------------------------------------------------------------------------------------
// Users
// ---------------------------------------------------------------------------------------------------

export interface UserFilters {
  username?: string;
  nickname?: string;
  roleId?: number;
  orgId?: number;
  status?: number;
  mobile?: string;
  createdStart?: string;
  createdEnd?: string;
}

export const searchUsers = (params: Params) => fetchData<Paged<UserRow>>(SYS_API.userList, { params });

export const getUser = (id: number, reveal = false) =>
  fetchData<UserDetail>(SYS_API.userGet, { params: reveal ? { id, reveal: 'true' } : { id } });

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
  const env = await request<{ id: number }>(SYS_API.userAdd, { data: body });
  return { id: env.data?.id ?? 0, message: env.result };
}

export interface SaveUserRequest extends Partial<UserFormBody> {
  id: number;
  version: number;
}

/** Saves a user; a stale version answers 409 (the caller shows its own message, see saveUserError). */
export async function saveUser(body: SaveUserRequest): Promise<string> {
  const env = await request(SYS_API.userSave, { data: body, skipErrorHandler: true });
  return env.result;
}

export const deleteUser = (id: number) => request(SYS_API.userDelete, { params: { id } });

export const resetPassword = (id: number, newPwd: string) =>
  request(SYS_API.userReset, { params: { id }, data: { newPwd } });

export const unlockUser = (id: number) =>
  request<{ wasLocked: boolean }>(SYS_API.userUnlock, { params: { id } });

export const setUserStatus = (id: number, status: 1 | 2) =>
  request(SYS_API.userStatus, { params: { id, status } });

export const userSessions = (id: number) => fetchData<SessionRow[]>(SYS_API.userSessions, { params: { id } });

export const forceLogout = (id: number, sessionId?: number) =>
  request<{ ended: number }>(SYS_API.forceLogout, {
    params: sessionId === undefined ? { id } : { id, sessionId },
  });

// ---------------------------------------------------------------------------------------------------
// Roles
// ---------------------------------------------------------------------------------------------------

export const allRoles = () => fetchData<RoleRow[]>(SYS_API.roleAll);

export const searchRoles = (params: Params) =>
  fetchData<{ page: Paged<RoleRow> }>(SYS_API.roleSearch, { params }).then((d) => d.page);

export const resourceTree = () => fetchData<ResourceNode[]>(SYS_API.roleResTree);

export const roleGrants = (roleId: number) =>
  fetchData<{ grants: RoleGrant[]; tree: ResourceNode[] }>(SYS_API.roleGrants, { params: { roleId } });

export interface RoleBody {
  id?: number;
  version?: number;
  roleKey: string;
  roleName: string;
  description: string;
  resources: RoleGrant[];
}

export async function saveRole(body: RoleBody): Promise<{ id: number; message: string }> {
  const env = await request<{ id: number }>(body.id ? SYS_API.roleSave : SYS_API.roleAdd, {
    data: body,
    skipErrorHandler: true,
  });
  return { id: env.data?.id ?? 0, message: env.result };
}

/** Refusals (users still hold the role, system role) come back for the screen to show. */
export const deleteRole = (id: number) =>
  request(SYS_API.roleDelete, { params: { id }, skipErrorHandler: true });

export const assignRole = (roleId: number, userIds: number[]) =>
  request<{ assigned: number; unchanged: number }>(SYS_API.roleUsers, { data: { roleId, userIds } });

// ---------------------------------------------------------------------------------------------------
// Organisations and logs
// ---------------------------------------------------------------------------------------------------

export const searchOrgs = (params: Params) => fetchData<Paged<OrgRow>>(SYS_API.orgList, { params });

/** 机构管理 form fields (contracts orgAddBody / orgSaveBody). */
export interface OrgFormBody {
  name: string;
  uscc: string;
  districtCode: string;
  contactName: string;
  /** Left out on an edit keeps the stored number. */
  contactPhone?: string;
}

export async function addOrg(body: OrgFormBody & { orgType: string }): Promise<string> {
  return (await request<{ id: number }>(SYS_API.orgAdd, { data: body })).result;
}

export async function saveOrg(body: OrgFormBody & { id: number; version: number }): Promise<string> {
  return (await request(SYS_API.orgSave, { data: body })).result;
}

/** 停用 (suspend: its users cannot sign in) or 启用 an organisation, at the version the list showed. */
export async function setOrgStatus(org: Pick<OrgRow, 'id' | 'version'>, enable: boolean): Promise<string> {
  const url = enable ? SYS_API.orgEnable : SYS_API.orgDisable;
  return (await request(url, { params: { id: org.id, version: org.version } })).result;
}

/** Log rows as the contracts declare them (the routes validate their answers with these schemas). */
export type { OpLogRow, PushLogRow, RequestLogRow } from '@aqzrx/contracts';

export const searchOpLogs = (params: Params) => fetchData<Paged<OpLogRow>>(SYS_API.opLogs, { params });
export const searchRequestLogs = (params: Params) =>
  fetchData<Paged<RequestLogRow>>(SYS_API.requestLogs, { params });
export const searchPushLogs = (params: Params) => fetchData<Paged<PushLogRow>>(SYS_API.pushLogs, { params });

// ---------------------------------------------------------------------------------------------------
// Export: the server answers the .xlsx itself (or an envelope when it refuses)
// ---------------------------------------------------------------------------------------------------

/** The filtered user list as .xlsx (searchUserListByExcl.json); resolves to the row count. */
export const downloadUsers = (params: Params, fallbackName: string) =>
  exportXlsx(SYS_API.userExport, params, fallbackName);

/** The filtered operation log as .xlsx (searchLogListByExcl.json, log.export). */
export const downloadOpLogs = (params: Params) => exportXlsx(SYS_API.opLogExport, params, '操作日志.xlsx');

/**
 * POSTs the filters to an export call and saves the workbook (platform downloadFile: token, refusals such
 * as 403 or 400 over the row cap shown and rejected). Resolves to the row count the server reports.
 */
async function exportXlsx(url: string, params: Params, fallbackName: string): Promise<number> {
  const { headers } = await downloadFile(url, { method: 'POST', params, fallbackName });
  return Number(headers.get('x-export-rows') ?? 0);
}
