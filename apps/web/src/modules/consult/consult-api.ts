import type {
  ClassItem,
  ConsultAnswerBody,
  ConsultAskBody,
  ConsultItem,
  consultListQuery,
  MessageItem,
  Paged,
  QaItem,
  z,
} from '@aqzrx/contracts';
import { useQuery } from '@tanstack/react-query';
import { fetchData, request } from '../../platform/request.ts';

/**
 * Consultation calls (server module apps/server/src/modules/consult): asking and the list use the
 * spec 7 article paths, the rest /api/consult/*; the public Q&A is /api/public/qa/*.
 */

const A = '/manage/articles';

/** Fixed routes of the consultation screens (resources.ts). */
export const ENT_CONSULT_QUERY_PATH = '/ent/consult/EntConsultQuery/route';
export const ENT_CONSULT_ADD_PATH = '/ent/consult/EntConsultAdd/route';
export const ENT_CONSULT_DETAIL_PATH = '/ent/consult/EntConsultDetail/route';
export const QA_DETAIL_PATH = '/QA/detail';

export type AnswererKind = 'service' | 'expert';
const ANSWERER_PREFIX: Record<AnswererKind, string> = { service: 'Service', expert: 'Expert' };
export const answererQueryPath = (kind: AnswererKind) =>
  `/${kind}/center/${ANSWERER_PREFIX[kind]}ConsultQuery/route`;
export const answererDetailPath = (kind: AnswererKind) =>
  `/${kind}/center/${ANSWERER_PREFIX[kind]}ConsultDetail/route`;

export const consultKeys = {
  all: ['consult'] as const,
  classes: ['consult', 'classes'] as const,
  detail: (id: number | null) => ['consult', 'detail', id] as const,
  unread: ['consult', 'unreadMessages'] as const,
  qa: (id: number | null) => ['public', 'qa', id] as const,
};

/** The query of the consultation list (contracts consultListQuery, as sent). */
export type ConsultListParams = z.input<typeof consultListQuery>;

export function listConsults(q: ConsultListParams): Promise<Paged<ConsultItem>> {
  return fetchData<Paged<ConsultItem>>(`${A}/getConsultList`, {
    params: {
      pageNo: q.pageNo,
      pageSize: q.pageSize,
      status: q.status,
      classId: q.classId,
      keyword: q.keyword?.trim() || undefined,
    },
  });
}

/** The consult classes (public call, shared by every role). */
export function useConsultClasses() {
  return useQuery({
    queryKey: consultKeys.classes,
    queryFn: () => fetchData<ClassItem[]>(`${A}/getConsultClassList`),
    staleTime: 5 * 60_000,
  });
}

export function useConsult(id: number | null) {
  return useQuery({
    queryKey: consultKeys.detail(id),
    enabled: id !== null,
    queryFn: () => fetchData<ConsultItem>('/consult/detail', { params: { id }, skipErrorHandler: true }),
  });
}

/** Asks (no id) or edits an own question awaiting an answer; resolves to the id and the server's message. */
export async function saveConsult(body: ConsultAskBody): Promise<{ id: number; message: string }> {
  const env = await request<{ id: number }>(`${A}/saveConsult`, { data: body });
  return { id: env.data?.id ?? body.id ?? 0, message: env.result };
}

export async function answerConsult(body: ConsultAnswerBody): Promise<string> {
  return (await request('/consult/answer', { data: body })).result;
}

export async function closeConsult(c: Pick<ConsultItem, 'id' | 'version'>): Promise<string> {
  return (await request('/consult/close', { params: { id: c.id, version: c.version } })).result;
}

export async function setConsultPublic(
  c: Pick<ConsultItem, 'id' | 'version'>,
  isPublic: boolean,
): Promise<string> {
  return (
    await request('/consult/setPublic', {
      params: { id: c.id, version: c.version, isPublic: isPublic ? 1 : 0 },
    })
  ).result;
}

export async function deleteConsult(c: Pick<ConsultItem, 'id' | 'version'>): Promise<string> {
  return (await request('/consult/delete', { params: { id: c.id, version: c.version } })).result;
}

/** The asker's unread in-app messages about consultations (answered / closed notices). */
export function useUnreadConsultMessages(enabled = true) {
  return useQuery({
    queryKey: consultKeys.unread,
    enabled,
    queryFn: async () => {
      const page = await fetchData<Paged<MessageItem>>('/message/list', {
        params: { unread: 1, pageNo: 1, pageSize: 100 },
        skipErrorHandler: true,
      });
      return page.list.filter((m) => m.bizType === 'consult');
    },
  });
}

export async function markMessagesRead(ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await request('/message/read', { params: { ids: ids.join(',') }, skipErrorHandler: true });
}

/** A published Q&A (public: no token needed, failures shown by the page). */
export function usePublicQa(id: number | null) {
  return useQuery({
    queryKey: consultKeys.qa(id),
    enabled: id !== null,
    queryFn: () =>
      fetchData<QaItem>('/public/qa/detail', { method: 'GET', params: { id }, skipErrorHandler: true }),
  });
}

/** Other published Q&A of the same class (for the "related questions" list). */
export function usePublicQaList(classId: number | null, pageSize = 6) {
  return useQuery({
    queryKey: ['public', 'qa', 'list', classId, pageSize],
    enabled: classId !== null,
    queryFn: () =>
      fetchData<Paged<QaItem>>('/public/qa/list', {
        method: 'GET',
        params: { classId, pageNo: 1, pageSize },
        skipErrorHandler: true,
      }),
  });
}

/** A positive integer query parameter, or null. */
export function idParam(raw: string | null): number | null {
  if (raw === null || !/^\d{1,10}$/.test(raw)) return null;
  const n = Number(raw);
  return n > 0 ? n : null;
}
