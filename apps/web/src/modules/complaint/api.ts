/**
 * Calls of the complaint screens (apps/server/src/modules/complaint; the route table is the comment at the
 * top of packages/contracts/src/complaint.ts). Filters and ids go in the query string, bodies as JSON (POST).
 */
import type {
  ComplaintAcceptInput,
  ComplaintCloseInput,
  ComplaintConfirmInput,
  ComplaintDetail,
  ComplaintExtendDecideInput,
  ComplaintExtendInput,
  ComplaintGovInput,
  ComplaintNoteInput,
  ComplaintReassignInput,
  ComplaintRelated,
  ComplaintReplyInput,
  ComplaintRow,
  ComplaintStats,
  ComplaintTarget,
  ComplaintVerifyInput,
  complaintCreateInput,
  complaintListFilters,
  complaintListQuery,
  complaintStatsQuery,
  WorkCalendar,
  workCalendarSaveInput,
  z,
} from '@aqzrx/contracts';
import type { PageResult } from '../../components/index.ts';
import { downloadFile } from '../../platform/download.ts';
import { fetchData, postWithMessage } from '../../platform/request.ts';

export type {
  ComplaintDetail,
  ComplaintRelated,
  ComplaintRow,
  ComplaintStats,
  ComplaintTarget,
  ComplaintTimelineEntry,
  WorkCalendar,
} from '@aqzrx/contracts';

export type ComplaintBody = z.input<typeof complaintCreateInput>;
export type ComplaintFilters = z.input<typeof complaintListFilters>;
export type ComplaintStatsFilters = z.input<typeof complaintStatsQuery>;
export type WorkCalendarBody = z.input<typeof workCalendarSaveInput>;

type Params = Record<string, string | number | boolean | undefined>;
const params = (q: object) => q as unknown as Params;
type Written = { id: number; version: number };

/** TanStack Query caches complaint data under this key (invalidate it after any complaint write). */
export const COMPLAINT_KEY = 'complaint';

const url = (p: string) => `/complaint/${p}`;

export const complaintApi = {
  targets: (q: { kind: string; keyword?: string }) =>
    fetchData<ComplaintTarget[]>(url('targets'), { params: params(q) }),
  related: (q: { kind: string; keyword?: string }) =>
    fetchData<ComplaintRelated[]>(url('related'), { params: params(q) }),
  add: (body: ComplaintBody, key: string) => postWithMessage<{ id: number }>(url('add'), body, key),

  list: (q: z.input<typeof complaintListQuery>) =>
    fetchData<PageResult<ComplaintRow>>(url('list'), { params: params(q) }),
  detail: (id: number) =>
    fetchData<ComplaintDetail>(url('detail'), { params: { id }, skipErrorHandler: true }),
  stats: (q: ComplaintStatsFilters) => fetchData<ComplaintStats>(url('stats'), { params: params(q) }),

  accept: (body: ComplaintAcceptInput) => postWithMessage<Written>(url('accept'), body),
  verify: (body: ComplaintVerifyInput) => postWithMessage<Written>(url('verify'), body),
  note: (body: ComplaintNoteInput) => postWithMessage<Written>(url('note'), body),
  reply: (body: ComplaintReplyInput) => postWithMessage<Written>(url('reply'), body),
  extend: (body: ComplaintExtendInput) => postWithMessage<Written>(url('extend'), body),
  decideExtension: (body: ComplaintExtendDecideInput) => postWithMessage<Written>(url('extend/decide'), body),
  confirm: (body: ComplaintConfirmInput) => postWithMessage<Written>(url('confirm'), body),
  takeOver: (body: ComplaintGovInput) => postWithMessage<Written>(url('takeOver'), body),
  reassign: (body: ComplaintReassignInput) => postWithMessage<Written>(url('reassign'), body),
  rehandle: (body: ComplaintGovInput) => postWithMessage<Written>(url('rehandle'), body),
  close: (body: ComplaintCloseInput) => postWithMessage<Written>(url('close'), body),

  calendar: (year: number) => fetchData<WorkCalendar>('/workCalendar/get', { params: { year } }),
  saveCalendar: (body: WorkCalendarBody) =>
    postWithMessage<{ year: number; version: number }>('/workCalendar/save', body),
};

/** Downloads the complaints matching `filters` as .xlsx (GET /api/complaint/export). */
export async function exportComplaints(filters: ComplaintFilters): Promise<void> {
  await downloadFile(url('export'), {
    method: 'GET',
    params: params(filters),
    fallbackName: '投诉清单.xlsx',
  });
}

/** Downloads an attachment of a complaint (or of its reply). */
export function downloadComplaintFile(id: number, f: { id: string; name: string }) {
  return downloadFile(url('file'), { method: 'GET', params: { id, fileId: f.id }, fallbackName: f.name });
}
