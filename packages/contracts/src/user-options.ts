/** Zod-free constants of user accounts: status, export, username rule (spec 4). */
import { defineOptions } from './options.ts';

/** User status labels (spec 4; 3 = enterprise information incomplete). */
export const USER_STATUS = defineOptions([
  { value: 1, label: '正常', color: 'success' },
  { value: 2, label: '停用', color: 'error' },
  { value: 3, label: '企业信息待完善', color: 'warning' },
]);

/** Chinese column headers of the user export, in order. */
export const USER_EXPORT_HEADERS = [
  '用户名',
  '昵称',
  '角色',
  '所属机构',
  '手机号',
  '状态',
  '创建时间',
] as const;
/** The export refuses more rows than this (security.md V07); narrow the filters instead. */
export const USER_EXPORT_ROW_CAP = 50_000;
export const USER_EXPORT_FILENAME = '用户列表.xlsx';
/**
 * An export of full mobiles (security.md P04) is an explicit choice with a reason, kept in the operation log:
 * the longest reason taken, and the answer to a choice without one.
 */
export const EXPORT_REASON_MAX = 200;
export const EXPORT_REASON_REQUIRED = '导出完整手机号须填写导出原因';

/** Username rule shared by the add form and the server schema. */
export const USERNAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.@-]{2,63}$/;
export const USERNAME_RULE_MESSAGE = '用户名只能包含字母、数字和 _ . @ -，且以字母或数字开头';
