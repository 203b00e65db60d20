/**
 * Zod-free option lists of portal content: article kinds and states, class kinds, portal search types
 * (the web imports them through '@aqzrx/contracts/constants').
 */
import { defineOptions, type OptionValue } from './options.ts';

export const ARTICLE_KINDS = defineOptions([
  { value: 'notice', label: '通知公告' },
  { value: 'policy', label: '政策动态' },
  { value: 'news', label: '新闻动态' },
  { value: 'help', label: '帮助中心' },
  { value: 'page', label: '单页' },
  { value: 'banner', label: '首页轮播' },
]);
export type ArticleKind = OptionValue<typeof ARTICLE_KINDS>;
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
export const ARTICLE_STATUS = defineOptions([
  { value: 0, label: '草稿', color: 'default' },
  { value: 1, label: '已发布', color: 'success' },
  { value: 2, label: '已撤回', color: 'warning' },
]);

export const CLASS_KIND_VALUES = ['help', 'consult'] as const;
export type ClassKind = (typeof CLASS_KIND_VALUES)[number];

export const SEARCH_TYPES = defineOptions([
  { value: 'notice', label: '通知公告' },
  { value: 'help', label: '帮助中心' },
  { value: 'rule', label: '法规库' },
  { value: 'qa', label: '问答' },
]);
export type SearchType = OptionValue<typeof SEARCH_TYPES>;
