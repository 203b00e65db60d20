/**
 * Calls of the satisfaction (满意度评价) and service-evaluation (服务评估) screens (apps/server/src/modules/
 * complaint; the route table is the comment at the top of packages/contracts/src/evaluation.ts).
 */
import type {
  ApEvalIndicators,
  ApEvalRow,
  apEvalCreateInput,
  apEvalListQuery,
  apEvalUpdateInput,
  SatisfactionComment,
  SatisfactionPending,
  SatisfactionReport,
  satisfactionAnswerInput,
  satisfactionCommentQuery,
  satisfactionReportQuery,
  z,
} from '@aqzrx/contracts';
import type { PageResult } from '../../components/index.ts';
import { downloadFile } from '../../platform/download.ts';
import { fetchData, postWithMessage } from '../../platform/request.ts';

export type {
  ApEvalIndicators,
  ApEvalRow,
  SatisfactionComment,
  SatisfactionFigure,
  SatisfactionPending,
  SatisfactionReport,
  SatisfactionReportRow,
} from '@aqzrx/contracts';

export type ReportFilters = z.input<typeof satisfactionReportQuery>;
export type CommentQuery = z.input<typeof satisfactionCommentQuery>;
export type ApEvalBody = z.input<typeof apEvalCreateInput>;
export type ApEvalUpdateBody = z.input<typeof apEvalUpdateInput>;
export type ApEvalQuery = z.input<typeof apEvalListQuery>;

type Params = Record<string, string | number | boolean | undefined>;
const params = (q: object) => q as unknown as Params;

/** TanStack Query caches evaluation data under this key. */
export const EVAL_KEY = 'evaluation';

export type SatisfactionAnswerBody = z.input<typeof satisfactionAnswerInput>;

export const evalApi = {
  pending: () => fetchData<SatisfactionPending[]>('/evaluation/pending', { skipErrorHandler: true }),
  answer: (body: SatisfactionAnswerBody) => postWithMessage<{ id: number }>('/evaluation/answer', body),
  report: (q: ReportFilters) => fetchData<SatisfactionReport>('/evaluation/report', { params: params(q) }),
  comments: (q: CommentQuery) =>
    fetchData<PageResult<SatisfactionComment>>('/evaluation/comments', { params: params(q) }),

  list: (q: ApEvalQuery) => fetchData<PageResult<ApEvalRow>>('/apEval/list', { params: params(q) }),
  detail: (id: number) => fetchData<ApEvalRow>('/apEval/detail', { params: { id } }),
  add: (body: ApEvalBody) => postWithMessage<{ id: number }>('/apEval/add', body),
  save: (body: ApEvalUpdateBody) => postWithMessage<{ id: number; version: number }>('/apEval/save', body),
  remove: (body: { id: number; version: number }) => postWithMessage<{ id: number }>('/apEval/delete', body),
  indicators: (q: { insurerId: number; year: number }) =>
    fetchData<ApEvalIndicators>('/apEval/indicators', { params: q }),
  insurers: () => fetchData<{ orgId: number; name: string }[]>('/apEval/insurers'),
};

/** Downloads the satisfaction report and every rating with its comment as .xlsx. */
export async function exportSatisfaction(filters: ReportFilters): Promise<void> {
  await downloadFile('/evaluation/export', {
    method: 'GET',
    params: params(filters),
    fallbackName: '满意度评价.xlsx',
  });
}

/** Downloads a report file of a service evaluation. */
export function downloadEvalFile(id: number, f: { id: string; name: string }) {
  return downloadFile('/apEval/file', { method: 'GET', params: { id, fileId: f.id }, fallbackName: f.name });
}
