import type {
  ArticleDetail,
  ArticleItem,
  ArticleKind,
  ArticleSaveBody,
  ArticleSaveResult,
  Attachment,
  ClassItem,
  MessageBatchItem,
  MessageItem,
  MessageKind,
  MessageSendBody,
  NoticeReader,
  Paged,
  PublicArticleItem,
  QaItem,
  RuleDetail,
  RuleItem,
  RuleLevel,
  RuleSaveBody,
  RuleStatus,
  SearchHit,
  SearchType,
} from '@aqzrx/contracts';
import { useQuery } from '@tanstack/react-query';
import type { PageResult } from '../../components/index.ts';
import { fetchData, request } from '../../platform/request.ts';

const A = '/manage/articles';

// --- Articles (notices, policy news, news, help, banners, single pages) ---------------------------

export interface ArticleListParams {
  pageNo: number;
  pageSize: number;
  kind?: ArticleKind;
  classId?: number;
  status?: number;
  keyword?: string;
}

export async function listArticles(q: ArticleListParams): Promise<PageResult<ArticleItem>> {
  return fetchData<Paged<ArticleItem>>(`${A}/getArticleList`, { params: { ...q } });
}

export function getArticle(id: number): Promise<ArticleDetail> {
  return fetchData<ArticleDetail>(`${A}/searchById`, { params: { id } });
}

/** What save and updateStatus answer, with the server's message. */
export type SaveOutcome = ArticleSaveResult & { message: string };

/** POST save (JSON body); `status: 1` publishes in the same step. */
export async function saveArticle(body: ArticleSaveBody): Promise<SaveOutcome> {
  const env = await request<ArticleSaveResult>(`${A}/save`, { data: body });
  return { ...(env.data as ArticleSaveResult), message: env.result };
}

/** Publish (1), withdraw (2) or back to draft (0). */
export async function updateArticleStatus(id: number, status: number, version: number): Promise<SaveOutcome> {
  const env = await request<ArticleSaveResult>(`${A}/updateStatus`, {
    params: { id, status, version },
  });
  return { ...(env.data as ArticleSaveResult), message: env.result };
}

export async function deleteArticle(id: number, version: number): Promise<void> {
  await request(`${A}/delete`, { params: { id, version } });
}

export type { MessageBatchItem, NoticeReader } from '@aqzrx/contracts';

export async function listNoticeReaders(
  id: number,
  pageNo: number,
  pageSize: number,
): Promise<PageResult<NoticeReader>> {
  return fetchData<Paged<NoticeReader>>('/notice/readers', { params: { id, pageNo, pageSize } });
}

// --- Classes -------------------------------------------------------------------------------------

export type ClassKindName = 'Help' | 'Consult';

export function listClasses(kind: ClassKindName): Promise<ClassItem[]> {
  return fetchData<ClassItem[]>(`${A}/get${kind}ClassList`, { skipErrorHandler: true });
}

export function useClasses(kind: ClassKindName) {
  return useQuery({ queryKey: ['content', 'classes', kind], queryFn: () => listClasses(kind) });
}

export async function saveClass(
  kind: ClassKindName,
  q: { id?: number; version?: number; name: string; sort: number; remark: string },
): Promise<void> {
  await request(`${A}/save${kind}Class`, { params: { ...q } });
}

export async function deleteClass(kind: ClassKindName, id: number, version: number): Promise<void> {
  await request(`${A}/del${kind}Class`, { params: { id, version } });
}

// --- Rules ---------------------------------------------------------------------------------------

export interface RuleListParams {
  pageNo: number;
  pageSize: number;
  keyword?: string;
  level?: RuleLevel;
  status?: RuleStatus;
}

export async function listRules(q: RuleListParams, pub = false): Promise<PageResult<RuleItem>> {
  return fetchData<Paged<RuleItem>>(pub ? '/public/rule/list' : '/rule/list', {
    method: pub ? 'GET' : 'POST',
    params: { ...q },
    skipErrorHandler: pub,
  });
}

export function getRule(id: number, pub = false): Promise<RuleDetail> {
  return fetchData<RuleDetail>(pub ? '/public/rule/detail' : '/rule/detail', {
    method: pub ? 'GET' : 'POST',
    params: { id },
    skipErrorHandler: pub,
  });
}

export async function saveRule(body: RuleSaveBody): Promise<string> {
  const { id, version, ...rest } = body;
  const env = id
    ? await request('/rule/save', { data: { ...rest, id, version } })
    : await request('/rule/add', { data: rest });
  return env.result;
}

export async function deleteRule(id: number, version: number): Promise<void> {
  await request('/rule/delete', { params: { id, version } });
}

// --- Messages ------------------------------------------------------------------------------------

export async function listMyMessages(q: {
  pageNo: number;
  pageSize: number;
  unread?: boolean;
  kind?: MessageKind;
  todo?: 'open' | 'done';
}): Promise<PageResult<MessageItem>> {
  const { unread, ...rest } = q;
  return fetchData<Paged<MessageItem>>('/message/list', {
    params: { ...rest, ...(unread ? { unread: 1 } : {}) },
  });
}

export { UNREAD_KEY, useMessageCounts, useUnreadCount } from '../../platform/messages.ts';

export async function markMessagesRead(ids: number[] | 'all'): Promise<number> {
  const params = ids === 'all' ? { all: 1 } : { ids: ids.join(',') };
  return (await fetchData<{ updated: number }>('/message/read', { params })).updated;
}

export async function listSentMessages(q: {
  pageNo: number;
  pageSize: number;
}): Promise<PageResult<MessageBatchItem>> {
  return fetchData<Paged<MessageBatchItem>>('/message/sentList', { params: { ...q } });
}

export async function sendMessage(body: MessageSendBody): Promise<string> {
  return (await request('/message/send', { data: body })).result;
}

// --- Portal reads --------------------------------------------------------------------------------

export async function portalNotices(q: {
  currentTab: 1 | 2;
  pageNo: number;
  pageSize: number;
  keyword?: string;
  unread?: boolean;
}): Promise<Paged<PublicArticleItem>> {
  const { unread, ...rest } = q;
  return fetchData<Paged<PublicArticleItem>>('/public/notice/list', {
    method: 'GET',
    params: { ...rest, ...(unread ? { unread: 1 } : {}) },
    skipErrorHandler: true,
  });
}

export function portalHelpList(q: {
  pageNo: number;
  pageSize: number;
  classId?: number;
  keyword?: string;
}): Promise<Paged<PublicArticleItem>> {
  return fetchData<Paged<PublicArticleItem>>(`${A}/getHelpList`, {
    params: { ...q },
    skipErrorHandler: true,
  });
}

export function portalQaList(q: {
  pageNo: number;
  pageSize: number;
  classId?: number;
  keyword?: string;
}): Promise<Paged<QaItem>> {
  return fetchData<Paged<QaItem>>('/public/qa/list', {
    method: 'GET',
    params: { ...q },
    skipErrorHandler: true,
  });
}

export function portalSearch(q: {
  keyword: string;
  type?: SearchType;
  pageNo: number;
  pageSize: number;
}): Promise<Paged<SearchHit>> {
  return fetchData<Paged<SearchHit>>('/public/search', {
    method: 'GET',
    params: { ...q },
    skipErrorHandler: true,
  });
}

/** Marks a notice read for the signed-in reader (read receipts); failures are silent. */
export async function markNoticeRead(id: number): Promise<void> {
  await request('/notice/markRead', { params: { id }, skipErrorHandler: true });
}

/** Attachments as the save calls take them. */
export function attachmentInputs(
  list: Attachment[],
): { fileId: string; fileName: string; fileSize: number }[] {
  return list.map((f) => ({ fileId: f.fileId, fileName: f.fileName, fileSize: f.fileSize }));
}
