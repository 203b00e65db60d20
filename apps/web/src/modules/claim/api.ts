/**
 * Calls of the claim screens (apps/server/src/modules/claim) and the shapes they answer. The routes
 * take their filters and ids in the query string and their bodies as JSON (POST).
 */
import type {
  ClaimCounts,
  ClaimDetail,
  ClaimRow,
  claimCountsQuery,
  claimExportQuery,
  claimListFilters,
  claimListQuery,
  claimReportInput,
  claimStepInput,
  PolicyRow,
  z,
} from '@aqzrx/contracts';
import type { PageResult } from '../../components/index.ts';
import { downloadFile } from '../../platform/download.ts';
import { fetchData, isApiError, postWithMessage, request } from '../../platform/request.ts';

/** What the calls answer, declared once in packages/contracts (claim.ts). */
export type {
  ClaimCounts,
  ClaimDetail,
  ClaimRow,
  ClaimStep as ClaimStepNo,
  ClaimTimelineEntry,
} from '@aqzrx/contracts';

/** The filters of the claim list, its counts and export (contracts claimListFilters, as sent). */
export type ClaimFilters = z.input<typeof claimListFilters>;

export interface ClaimRules {
  reportDeadlineHours: number;
  claimUnpaidFlagDays: number;
}

/**
 * Body of /api/claim/add (contracts claimReportInput). Times are ISO 8601 with an offset;
 * `confirmDuplicate` reports although an open claim of the policy has the same accident time.
 */
export type ClaimReportBody = z.input<typeof claimReportInput>;

const DUPLICATE_CLAIM = 'DUPLICATE_CLAIM';

/** The open claim a refused report repeats (409 DUPLICATE_CLAIM), or null for any other failure. */
export function duplicateClaimOf(e: unknown): { id: number; reportNo: string } | null {
  if (!isApiError(e) || e.code !== DUPLICATE_CLAIM) return null;
  const dup = (e.envelope.data as { duplicateOf?: { id: number; reportNo: string } } | undefined)
    ?.duplicateOf;
  return dup ?? null;
}

type StepInput = z.input<typeof claimStepInput>;
/** Body of /api/claim/step (contracts claimStepInput), without id and version: one shape per step. */
export type ClaimStepBody = StepInput extends infer S
  ? S extends StepInput
    ? Omit<S, 'id' | 'version'>
    : never
  : never;

/** A policy the claim can be reported on (the parts of /api/policy/list the report form uses). */
export type ClaimPolicyOption = Pick<
  PolicyRow,
  | 'id'
  | 'policyNo'
  | 'holderName'
  | 'enterpriseId'
  | 'districtCode'
  | 'insurerName'
  | 'state'
  | 'stateLabel'
  | 'startDate'
  | 'endDate'
  | 'headcount'
  | 'perPersonLimit'
>;

type Params = Record<string, string | number | boolean | undefined>;

/** Where the screen reads claims: its own routes, or the regulator's read-only ones. */
export type ClaimSource = 'claim' | 'gov';

const listUrl = (source: ClaimSource) => (source === 'gov' ? '/govInsurance/claimList' : '/claim/list');
const detailUrl = (source: ClaimSource) => (source === 'gov' ? '/govInsurance/claimDetail' : '/claim/detail');

export const claimApi = {
  list: (q: z.input<typeof claimListQuery>, source: ClaimSource = 'claim') =>
    fetchData<{ page: PageResult<ClaimRow> }>(listUrl(source), { params: q as unknown as Params }).then(
      (d) => d.page,
    ),
  detail: (id: number, source: ClaimSource = 'claim') =>
    fetchData<ClaimDetail>(detailUrl(source), { params: { id } }),
  counts: (q: z.input<typeof claimCountsQuery>) =>
    fetchData<ClaimCounts>('/claim/counts', { params: q as unknown as Params }),
  rules: () => fetchData<ClaimRules>('/claim/rules'),
  /**
   * Reporting requires an Idempotency-Key, so a double click reports once. A report matching an open
   * claim of the policy and accident time is refused with DUPLICATE_CLAIM for the form to confirm (no
   * global notice): see `duplicateClaimOf`.
   */
  report: async (body: ClaimReportBody, key: string) => {
    const env = await request<{ id: number }>('/claim/add', {
      data: body,
      headers: { 'Idempotency-Key': key },
      expectedCodes: [DUPLICATE_CLAIM],
    });
    return { data: env.data as { id: number }, message: env.result };
  },
  step: (body: ClaimStepBody & { id: number; version: number }) =>
    postWithMessage<{ id: number; version: number }>('/claim/step', body),
  satisfaction: (body: { id: number; version: number; score: number; comment: string }) =>
    postWithMessage<{ id: number; version: number }>('/claim/satisfaction', body),
  policies: (q: { state: string; keyword?: string; pageSize: number }) =>
    fetchData<{ page: PageResult<ClaimPolicyOption> }>('/policy/list', {
      params: { pageNo: 1, ...q } as Params,
    }).then((d) => d.page.list),
};

/** Keys TanStack Query caches claim data under (invalidate `CLAIM_KEY` after any claim write). */
export const CLAIM_KEY = 'claim';

/** Downloads the claims matching `filters` as .xlsx (POST /api/claim/export). */
export async function exportClaims(filters: z.input<typeof claimExportQuery>): Promise<void> {
  await downloadFile('/claim/export', {
    method: 'POST',
    params: filters as unknown as Params,
    fallbackName: '理赔案件.xlsx',
  });
}
