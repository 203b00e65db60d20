/** Zod-free constants of the logs: retention, operation kinds, outcomes, push states. */
import { defineOptions, type OptionValue } from './options.ts';

/** Request logs are kept at least this long (security.md L04, CSL art. 21). */
export const LOG_RETENTION_DAYS = 180;

export const PUSH_STATUS = defineOptions([
  { value: 'pending', label: '待推送', color: 'default' },
  { value: 'success', label: '成功', color: 'success' },
  { value: 'fail', label: '失败', color: 'error' },
]);
export type PushStatus = OptionValue<typeof PUSH_STATUS>;

/**
 * Every operation-log kind the server records (`kind` of searchLogList.json); spec 9's LOG_KINDS (options.ts)
 * is the short all/query/add/edit/delete list.
 */
export const LOG_KIND_OPTIONS = defineOptions([
  { value: 'all', label: '全部' },
  { value: 'query', label: '查询' },
  { value: 'add', label: '新增' },
  { value: 'edit', label: '修改' },
  { value: 'delete', label: '删除' },
  { value: 'get', label: '查看详情' },
  { value: 'enable', label: '启用' },
  { value: 'disable', label: '停用' },
  { value: 'import', label: '导入' },
  { value: 'export', label: '导出' },
  { value: 'login', label: '登录' },
  { value: 'logout', label: '退出' },
  { value: 'security', label: '安全操作' },
]);

export const LOG_OUTCOMES = defineOptions([
  { value: 'success', label: '成功', color: 'success' },
  { value: 'fail', label: '失败', color: 'error' },
]);
export type LogOutcome = OptionValue<typeof LOG_OUTCOMES>;

/** Spec 9's short list of operation-log kinds (LOG_KIND_OPTIONS is every kind the server records). */
export const LOG_KINDS = defineOptions([
  { value: 'all', label: '全部' },
  { value: 'query', label: '查询' },
  { value: 'add', label: '新增' },
  { value: 'edit', label: '修改' },
  { value: 'delete', label: '删除' },
]);
