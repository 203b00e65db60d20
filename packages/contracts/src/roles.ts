export const RoleKey = {
  ADMIN: 'ROLE_ADMIN',
  GOVERNMENT: 'ROLE_GOVERNMENT',
  ENT: 'ROLE_ENT',
  INSURANCE: 'ROLE_INSURANCE',
  SERVICE: 'ROLE_SERVICE',
  EXPERT: 'ROLE_EXPERT',
  USER: 'ROLE_USER',
  TECHNOLOGY: 'ROLE_TECHNOLOGY',
} as const;
export type RoleKey = (typeof RoleKey)[keyof typeof RoleKey];

/** The six named roles; every other roleKey displays as 自定义角色 (spec 1). */
export const NAMED_ROLE_NAMES: Record<string, string> = {
  ROLE_ADMIN: '运营中心管理员',
  ROLE_GOVERNMENT: '政府监管中心管理员',
  ROLE_ENT: '企业用户',
  ROLE_INSURANCE: '保险机构中心用户',
  ROLE_SERVICE: '服务机构用户',
  ROLE_EXPERT: '专家平台用户',
};
export const CUSTOM_ROLE_NAME = '自定义角色';

export function roleDisplayName(roleKey: string | null | undefined): string {
  return (roleKey && NAMED_ROLE_NAMES[roleKey]) || CUSTOM_ROLE_NAME;
}

/** Landing page per role after login (spec 2.3). */
export const ROLE_LANDING: Record<string, string> = {
  ROLE_GOVERNMENT: '/government/govAp/GovernmentAp/route',
  ROLE_ENT: '/ent/EntAPQuery/route',
  ROLE_INSURANCE: '/insurance/InsuranceAp/InsuranceApManage/route',
  ROLE_SERVICE: '/service/serviceAp',
  ROLE_EXPERT: '/expert/expertAp',
};
export function landingPath(roleKey: string | null | undefined): string {
  return (roleKey && ROLE_LANDING[roleKey]) || '/';
}

/** User status values. 3 = enterprise information incomplete (spec 4). */
export const UserStatus = { ACTIVE: 1, DISABLED: 2, ENT_INFO_INCOMPLETE: 3 } as const;
