import type { ScreenLoader } from '../../screens.ts';

const users = () => import('./UserSearch.tsx').then((m) => m.UserSearch);
const userAdd = () => import('./UserForm.tsx').then((m) => m.UserAdd);
const userEdit = () => import('./UserForm.tsx').then((m) => m.UserEdit);
const userDetail = () => import('./UserDetail.tsx').then((m) => m.UserDetail);

/** Screens of this feature, keyed by the component name the server seeds (merged in src/screens.ts). */
export const userScreens: Readonly<Record<string, ScreenLoader>> = {
  UserSearch: users,
  UserAdd: userAdd,
  UserEdit: userEdit,
  UserDetail: userDetail,
  // The government manages its users with the same screens (its resources offer fewer actions).
  GovUsers: users,
  GovUserAdd: userAdd,
  GovUserEdit: userEdit,
  GovUserDetail: userDetail,
  // The security administrator's account operations (三权分立).
  AccountSecurity: () => import('./AccountSecurity.tsx').then((m) => m.AccountSecurity),
};
