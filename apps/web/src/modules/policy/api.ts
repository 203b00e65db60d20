/**
 * Calls of the policy screens (apps/server/src/modules/policy) and the shapes they answer.
 */
import type {
  EnterpriseOption,
  PolicyDetail,
  PolicyPersonRow,
  PolicyRow,
  PolicyVersionRow,
  policyDraftInput,
  policyListQuery,
  policyPersonsQuery,
  z,
} from '@aqzrx/contracts';
import type { PageResult } from '../../components/index.ts';
import { fetchData, postWithMessage } from '../../platform/request.ts';
import type { PolicyRules } from './rules.ts';

/** What the calls answer, declared once in packages/contracts (policy.ts, endorsement.ts). */
export type {
  AttachmentFile,
  EnterpriseOption,
  PolicyDetail,
  PolicyPersonRow,
  PolicyRow,
  PolicyVersionRow,
} from '@aqzrx/contracts';

/** The query of the policy list (contracts policyListQuery, as sent). */
export type PolicyListQuery = z.input<typeof policyListQuery>;

/** A stored snapshot: the policy row (numbers may come back as strings) with co-insurers and factors. */
export interface PolicySnapshot {
  policyVersion: number;
  reason: 'issue' | 'endorse';
  endorsementId: number | null;
  createdAt: string;
  snapshot: Record<string, unknown> & {
    coinsurers?: Array<{ insurerId: number; role: string; share: number | string }>;
    factors?: Array<{ code: string; pct: number | string; reason: string }>;
    /** Insured persons at that version, ID numbers masked (versions before rosters have none). */
    persons?: Array<{ name: string; idType: string; idNo: string; position: string; joinedOn: string }>;
  };
}

/**
 * The body of /api/policy/add and /api/policy/edit (contracts policyDraftInput): a draft may leave the
 * optional values out; submitting requires them all (policySubmitInput), except the pricing (rate,
 * factors, premium), which an enterprise's application leaves to the insurer.
 */
export type PolicyBody = z.input<typeof policyDraftInput>;

/** The body of /api/policy/review (approve: the policy number and the pricing the policy is issued at). */
export interface PolicyReviewBody {
  id: number;
  version: number;
  approve: boolean;
  policyNo?: string;
  remark: string;
  benchmarkRate?: number;
  factors?: Array<{ code: string; pct: number; reason: string }>;
  premium?: number;
}

/** The parts of /api/enterprise/mine the application form uses. */
export interface MyEnterprise {
  id: number;
  name: string;
  uscc?: string | null;
  employees?: number | null;
  operatingStatus?: number | null;
  wsIndustryCode?: string | null;
  address?: string | null;
  infoComplete?: boolean | null;
}

// ---------------------------------------------------------------------------------------------------
// Calls
// ---------------------------------------------------------------------------------------------------

type Params = Record<string, string | number | boolean | undefined>;

export const policyApi = {
  list: (q: PolicyListQuery) =>
    fetchData<{ page: PageResult<PolicyRow> }>('/policy/list', { params: q as unknown as Params }).then(
      (d) => d.page,
    ),
  detail: (id: number) => fetchData<PolicyDetail>('/policy/detail', { params: { id } }),
  rules: () => fetchData<PolicyRules>('/policy/rules'),
  persons: (q: z.input<typeof policyPersonsQuery>) =>
    fetchData<{ page: PageResult<PolicyPersonRow> }>('/policy/persons', {
      params: q,
    }).then((d) => d.page),
  versions: (id: number) => fetchData<PolicyVersionRow[]>('/policy/versions', { params: { id } }),
  version: (id: number, version: number) =>
    fetchData<PolicySnapshot>('/policy/version', { params: { id, version } }),
  add: (body: PolicyBody & { submit: boolean }, key: string) =>
    postWithMessage<{ id: number }>('/policy/add', body, key),
  edit: (body: PolicyBody & { id: number; version: number }) =>
    postWithMessage<{ id: number; version: number }>('/policy/edit', body),
  submit: (id: number, version: number) =>
    fetchData<{ id: number; version: number }>('/policy/submit', { params: { id, version } }),
  /** Issue (approve, with the policy number and the insurer's pricing) or reject an application. */
  review: (body: PolicyReviewBody) =>
    postWithMessage<{ id: number; version: number }>('/policy/review', body),
  enterpriseOptions: (keyword: string) =>
    fetchData<EnterpriseOption[]>('/policy/enterpriseOptions', { params: { keyword } }),
  myEnterprise: () => fetchData<MyEnterprise>('/enterprise/mine'),
  exportUrl: '/policy/export',
};
