/**
 * Calls of the policy and endorsement screens (apps/server/src/modules/policy, endorsements) and the
 * shapes they answer.
 */
import type {
  AttachmentFile,
  EndorsementRow,
  EnterpriseOption,
  endorsementListQuery,
  PolicyDetail,
  PolicyPersonRow,
  PolicyRow,
  PolicyVersionRow,
  policyListQuery,
  z,
} from '@aqzrx/contracts';
import type { PageResult } from '../../components/index.ts';
import { fetchData, request } from '../../platform/request.ts';
import type { PolicyRules } from './rules.ts';

/** What the calls answer, declared once in packages/contracts (policy.ts, endorsement.ts). */
export type {
  AttachmentFile,
  EndorsementRow,
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
export interface PolicyBody {
  enterpriseId?: number;
  insurerId?: number;
  isRenewal: boolean;
  startDate: string;
  endDate: string;
  signDate?: string;
  headcount?: number;
  perPersonLimit?: number;
  medicalLimit: number;
  benchmarkRate?: number;
  factors?: Array<{ code: string; pct: number; reason: string }>;
  premium?: number;
  coinsurers: Array<{ insurerId: number; role: string; share: number }>;
  preventionFeePct?: number;
  preventionFrequency?: number;
  serviceItems: string[];
  serviceItemOther: string;
  attachments: string[];
  remark: string;
}

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

/** One person of an endorsement roster as sent (full ID number; the server stores it encrypted). */
export interface RosterEntryBody {
  direction: 'in' | 'out';
  name: string;
  idType: string;
  idNo: string;
  position: string;
}

/** One roster person as the server shows it: the ID number masked (110105********002X). */
export interface RosterEntryView {
  direction: 'in' | 'out';
  name: string;
  idType: string;
  idTypeLabel: string;
  idNo: string;
  position: string;
}

export interface EndorsementChangeBody {
  headcount?: number;
  roster?: RosterEntryBody[];
  personsIn?: string[];
  personsOut?: string[];
  holderName?: string;
  address?: string;
  wsIndustryCode?: string;
  gbIndustryCode?: string;
  perPersonLimit?: number;
  medicalLimit?: number;
  startDate?: string;
  endDate?: string;
}

export interface EndorsementDetail extends EndorsementRow {
  change: EndorsementChangeBody;
  /** Empty for endorsements applied with names only. */
  roster?: RosterEntryView[];
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  attachments: string[];
  attachmentFiles?: AttachmentFile[];
  policyVersion: number;
  /** When the enterprise withdrew it (status withdrawn). */
  withdrawnAt?: string | null;
  actions: { review: boolean; withdraw?: boolean };
}

export interface EndorsementBody {
  policyId: number;
  policyVersion: number;
  type: string;
  reason: string;
  effectiveDate: string;
  change: EndorsementChangeBody;
  premiumDelta: number;
  attachments: string[];
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
  persons: (q: { id: number; pageNo: number; pageSize: number; keyword?: string; all?: boolean }) =>
    fetchData<{ page: PageResult<PolicyPersonRow> }>('/policy/persons', {
      params: q as unknown as Params,
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
  insurerOptions: () => fetchData<Array<{ id: number; name: string }>>('/insurer/options'),
  myEnterprise: () => fetchData<MyEnterprise>('/enterprise/mine'),
  exportUrl: '/policy/export',
};

export const endorsementApi = {
  list: (q: z.input<typeof endorsementListQuery>) =>
    fetchData<{ page: PageResult<EndorsementRow> }>('/endorsement/list', {
      params: q as unknown as Params,
    }).then((d) => d.page),
  detail: (id: number) => fetchData<EndorsementDetail>('/endorsement/detail', { params: { id } }),
  add: (body: EndorsementBody, key: string) => postWithMessage<{ id: number }>('/endorsement/add', body, key),
  review: (body: { id: number; version: number; approve: boolean; remark: string }) =>
    postWithMessage<{ id: number; version: number; policyVersion: number | null }>(
      '/endorsement/review',
      body,
    ),
  withdraw: (body: { id: number; version: number }) =>
    postWithMessage<{ id: number; version: number }>('/endorsement/withdraw', body),
};

/**
 * A JSON POST whose envelope message is kept (shown as the success text). `key` sends an Idempotency-Key
 * header: the create calls require one, so a double click creates one record. Claims use it too.
 */
export async function postWithMessage<T>(
  url: string,
  data: unknown,
  key?: string,
): Promise<{ data: T; message: string }> {
  const env = await request<T>(url, { data, ...(key ? { headers: { 'Idempotency-Key': key } } : {}) });
  return { data: env.data as T, message: env.result };
}
