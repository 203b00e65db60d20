import type {
  ArticleDetail,
  ArticleItem,
  ArticleSaveBody,
  ArticleSaveResult,
  Attachment,
  articleListQuery,
  ClassItem,
  NoticeReader,
  Paged,
  z,
} from '@aqzrx/contracts';
import { useQuery } from '@tanstack/react-query';
import type { PageResult } from '../../components/index.ts';
import { fetchData, request } from '../../platform/request.ts';

const A = '/manage/articles';

// --- Articles (notices, policy news, news, help, banners, single pages) ---------------------------

/** The query of the article list (contracts articleListQuery, as sent). */
export type ArticleListParams = z.input<typeof articleListQuery>;

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

export type { NoticeReader } from '@aqzrx/contracts';

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

/** Attachments as the save calls take them. */
export function attachmentInputs(
  list: Attachment[],
): { fileId: string; fileName: string; fileSize: number }[] {
  return list.map((f) => ({ fileId: f.fileId, fileName: f.fileName, fileSize: f.fileSize }));
}
