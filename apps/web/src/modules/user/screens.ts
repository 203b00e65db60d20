import type { ScreenLoader } from '../../screens.ts';

const users = () => import('./UserSearch.tsx').then((m) => m.UserSearch);
const userAdd = () => import('./UserForm.tsx').then((m) => m.UserAdd);
const userEdit = () => import('./UserForm.tsx').then((m) => m.UserEdit);
const userDetail = () => import('./UserDetail.tsx').then((m) => m.UserDetail);
const opLog = () => import('../log/LogScreens.tsx').then((m) => m.OperationLog);

/** Screens of this feature, keyed by the component name the server seeds (merged in src/screens.ts). */
export const sysScreens: Readonly<Record<string, ScreenLoader>> = {
  UserSearch: users,
  UserAdd: userAdd,
  UserEdit: userEdit,
  UserDetail: userDetail,
  // The government manages its users with the same screens (its resources offer fewer actions).
  GovUsers: users,
  GovUserAdd: userAdd,
  GovUserEdit: userEdit,
  GovUserDetail: userDetail,
  RoleManage: () => import('../role/RoleManage.tsx').then((m) => m.RoleManage),
  AdminLog: opLog,
  GovLog: opLog,
  InsuranceLog: opLog,
  RequestLog: () => import('../log/LogScreens.tsx').then((m) => m.RequestLog),
  PushLog: () => import('../log/LogScreens.tsx').then((m) => m.PushLog),
  AdminOrg: () => import('../org/AdminOrg.tsx').then((m) => m.AdminOrg),
};
