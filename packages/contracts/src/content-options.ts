/**
 * Zod-free option lists of portal content (re-exported by content.ts; the web imports them through
 * '@aqzrx/contracts/constants').
 */
import type { Option } from './options.ts';

// ---------------------------------------------------------------------------------------------
// Option lists

export const ARTICLE_KIND_VALUES = ['notice', 'policy', 'news', 'help', 'page', 'banner'] as const;
export type ArticleKind = (typeof ARTICLE_KIND_VALUES)[number];
export const ARTICLE_KINDS: Option<ArticleKind>[] = [
  { value: 'notice', label: '通知公告' },
  { value: 'policy', label: '政策动态' },
  { value: 'news', label: '新闻动态' },
  { value: 'help', label: '帮助中心' },
  { value: 'page', label: '单页' },
  { value: 'banner', label: '首页轮播' },
];
/** Which permissionId governs each article kind (notices: notice.*, help: help.*, the rest article.*). */
export const ARTICLE_KIND_PERMISSION: Record<ArticleKind, 'notice' | 'help' | 'article'> = {
  notice: 'notice',
  policy: 'notice',
  news: 'article',
  help: 'help',
  page: 'article',
  banner: 'article',
};
/** Kinds that carry audience targeting (role and district) and read receipts. */
export const TARGETED_KINDS: readonly ArticleKind[] = ['notice', 'policy'];
/** Portal notice tabs (portalNotice?currentTab=1|2). */
export const NOTICE_TABS: Record<'1' | '2', ArticleKind> = { '1': 'notice', '2': 'policy' };

export const ArticleStatus = { DRAFT: 0, PUBLISHED: 1, WITHDRAWN: 2 } as const;
export const ARTICLE_STATUS: Option[] = [
  { value: 0, label: '草稿', color: 'default' },
  { value: 1, label: '已发布', color: 'success' },
  { value: 2, label: '已撤回', color: 'warning' },
];

export const CLASS_KIND_VALUES = ['help', 'consult'] as const;
export type ClassKind = (typeof CLASS_KIND_VALUES)[number];

export const RULE_LEVEL_VALUES = ['law', 'regulation', 'deptRule', 'normative', 'standard', 'local'] as const;
export type RuleLevel = (typeof RULE_LEVEL_VALUES)[number];
export const RULE_LEVELS: Option<RuleLevel>[] = [
  { value: 'law', label: '法律' },
  { value: 'regulation', label: '行政法规' },
  { value: 'deptRule', label: '部门规章' },
  { value: 'normative', label: '规范性文件' },
  { value: 'standard', label: '国家/行业标准' },
  { value: 'local', label: '地方性法规/规章' },
];
export const RULE_STATUS_VALUES = ['current', 'revised', 'repealed'] as const;
export type RuleStatus = (typeof RULE_STATUS_VALUES)[number];
export const RULE_STATUS: Option<RuleStatus>[] = [
  { value: 'current', label: '现行有效', color: 'success' },
  { value: 'revised', label: '已修订', color: 'warning' },
  { value: 'repealed', label: '已废止', color: 'default' },
];

export const ConsultStatus = { AWAITING: 0, ANSWERED: 1, CLOSED: 2 } as const;
export const CONSULT_STATUS: Option[] = [
  { value: 0, label: '待回复', color: 'orange' },
  { value: 1, label: '已回复', color: 'green' },
  { value: 2, label: '已关闭', color: 'default' },
];

export const MESSAGE_KIND_VALUES = ['system', 'todo', 'warning'] as const;
export type MessageKind = (typeof MESSAGE_KIND_VALUES)[number];
export const MESSAGE_KINDS: Option<MessageKind>[] = [
  { value: 'system', label: '系统消息' },
  { value: 'todo', label: '待办' },
  { value: 'warning', label: '预警' },
];

/** A to-do (待办) is open until the task it asks for moves on (domain 3.8). */
export const TODO_STATE_VALUES = ['open', 'done'] as const;
export type TodoState = (typeof TODO_STATE_VALUES)[number];
export const TODO_STATES: Option<TodoState>[] = [
  { value: 'open', label: '待处理', color: 'orange' },
  { value: 'done', label: '已处理', color: 'green' },
];

export const SEARCH_TYPE_VALUES = ['notice', 'help', 'rule', 'qa'] as const;
export type SearchType = (typeof SEARCH_TYPE_VALUES)[number];
export const SEARCH_TYPES: Option<SearchType>[] = [
  { value: 'notice', label: '通知公告' },
  { value: 'help', label: '帮助中心' },
  { value: 'rule', label: '法规库' },
  { value: 'qa', label: '问答' },
];
