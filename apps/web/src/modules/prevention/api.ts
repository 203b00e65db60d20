/**
 * Calls of the accident-prevention screens (apps/server/src/modules/prevention, route table in its
 * README.md) and the shapes they answer. Filters and ids go in the query string, bodies as JSON (POST).
 */
import type {
  followUpInput,
  fundAccrueInput,
  fundListQuery,
  fundReverseInput,
  fundSpendInput,
  fundWriteOffInput,
  hazardListQuery,
  planCreateInput,
  planExportQuery,
  planListQuery,
  planUpdateInput,
  projectCreateInput,
  projectListQuery,
  projectPolicyQuery,
  projectUpdateInput,
  providerRow,
  recordConfirmInput,
  recordInput,
  serviceTypeTree,
  visitConfirmInput,
  z,
} from '@aqzrx/contracts';
import type { PageResult } from '../../components/index.ts';
import { downloadFile } from '../../platform/download.ts';
import { fetchData, postWithMessage } from '../../platform/request.ts';

export type {
  FileRef,
  FundEntryRow,
  FundRow,
  HazardRow,
  PlanDetail,
  PlanExpertOption,
  PlanRow,
  ProjectDetail,
  ProjectPolicyRow,
  ProjectRow,
  RecordDetail,
  RecordSummary,
  Workbench,
} from '@aqzrx/contracts';

import type {
  FundEntryRow,
  FundRow,
  HazardRow,
  PlanDetail,
  PlanExpertOption,
  PlanRow,
  ProjectDetail,
  ProjectPolicyRow,
  ProjectRow,
  Workbench,
} from '@aqzrx/contracts';

export type ProviderRow = z.output<typeof providerRow>;
export type ServiceTypeTree = z.output<typeof serviceTypeTree>;
export type ProjectBody = z.input<typeof projectCreateInput>;
export type ProjectUpdateBody = z.input<typeof projectUpdateInput>;
export type PlanBody = z.input<typeof planCreateInput>;
export type PlanUpdateBody = z.input<typeof planUpdateInput>;
export type RecordBody = z.input<typeof recordInput>;
export type FollowUpBody = z.input<typeof followUpInput>;
export type PlanFilters = Omit<z.input<typeof planListQuery>, 'pageNo' | 'pageSize'>;
export type ProjectFilters = Omit<z.input<typeof projectListQuery>, 'pageNo' | 'pageSize'>;
export type FundFilters = Omit<z.input<typeof fundListQuery>, 'pageNo' | 'pageSize'>;

type Params = Record<string, string | number | boolean | undefined>;
const params = (q: object) => q as unknown as Params;
type Written = { id: number; version: number };

/** TanStack Query caches prevention data under this key (invalidate it after any prevention write). */
export const AP_KEY = 'prevention';

const url = (p: string) => `/prevention/${p}`;

export const apApi = {
  serviceTypes: () => fetchData<ServiceTypeTree>(url('serviceTypes')),
  providers: (q: { orgType?: 'service' | 'expert'; keyword?: string } = {}) =>
    fetchData<ProviderRow[]>(url('providers'), { params: params(q) }),
  projectPolicies: (q: z.input<typeof projectPolicyQuery>) =>
    fetchData<PageResult<ProjectPolicyRow>>(url('project/policies'), { params: params(q) }),

  projects: (q: z.input<typeof projectListQuery>) =>
    fetchData<PageResult<ProjectRow>>(url('project/list'), { params: params(q) }),
  project: (id: number) => fetchData<ProjectDetail>(url('project/detail'), { params: { id } }),
  addProject: (body: ProjectBody, key: string) =>
    postWithMessage<{ id: number }>(url('project/add'), body, key),
  saveProject: (body: ProjectUpdateBody) => postWithMessage<Written>(url('project/save'), body),

  plans: (q: z.input<typeof planListQuery>) =>
    fetchData<PageResult<PlanRow>>(url('plan/list'), { params: params(q) }),
  plan: (id: number) => fetchData<PlanDetail>(url('plan/detail'), { params: { id } }),
  /** The plan form's pick-list: the project's organisations' experts and the active pool. */
  planExperts: (projectId: number) =>
    fetchData<PlanExpertOption[]>(url('plan/expertOptions'), { params: { projectId } }),
  addPlan: (body: PlanBody, key: string) => postWithMessage<{ id: number }>(url('plan/add'), body, key),
  savePlan: (body: PlanUpdateBody) => postWithMessage<Written>(url('plan/save'), body),
  confirmVisit: (body: z.input<typeof visitConfirmInput>) =>
    postWithMessage<Written>(url('plan/confirmVisit'), body),

  saveRecord: (body: RecordBody) => postWithMessage<Written>(url('record/save'), body),
  submitRecord: (body: RecordBody) => postWithMessage<Written>(url('record/submit'), body),
  confirmRecord: (body: z.input<typeof recordConfirmInput>) =>
    postWithMessage<Written>(url('record/confirm'), body),
  followUp: (body: FollowUpBody) => postWithMessage<Written>(url('record/followUp'), body),

  hazards: (q: z.input<typeof hazardListQuery>) =>
    fetchData<PageResult<HazardRow>>(url('hazard/list'), { params: params(q) }),

  funds: (q: z.input<typeof fundListQuery>) =>
    fetchData<PageResult<FundRow>>(url('fund/list'), { params: params(q) }),
  /** One fund (a policy's prevention fee at one insurer) and every entry of it. */
  fund: (id: number) =>
    fetchData<{ fund: FundRow; entries: FundEntryRow[] }>(url('fund/detail'), { params: { id } }),
  accrue: (body: z.input<typeof fundAccrueInput>) => postWithMessage<Written>(url('fund/accrue'), body),
  spend: (body: z.input<typeof fundSpendInput>) => postWithMessage<{ id: number }>(url('fund/spend'), body),
  reverse: (body: z.input<typeof fundReverseInput>) =>
    postWithMessage<{ id: number }>(url('fund/reverse'), body),
  writeOff: (body: z.input<typeof fundWriteOffInput>) => postWithMessage<Written>(url('fund/writeOff'), body),

  workbench: () => fetchData<Workbench>(url('workbench')),
};

/** Downloads the plans/records matching `filters` as .xlsx (GET /api/prevention/plan/export). */
export async function exportPlans(filters: z.input<typeof planExportQuery>): Promise<void> {
  await downloadFile(url('plan/export'), {
    method: 'GET',
    params: params(filters),
    fallbackName: '事故预防服务记录.xlsx',
  });
}

/** Downloads the fund ledger (funds and entries) matching `filters` as .xlsx. */
export async function exportFunds(filters: FundFilters): Promise<void> {
  await downloadFile(url('fund/export'), {
    method: 'GET',
    params: params(filters),
    fallbackName: '事故预防费用台账.xlsx',
  });
}

/** The URL of a photo or file of a plan's record or hazards (needs the token: AuthImage / requestFile). */
export function apFileUrl(planId: number, fileId: string): string {
  return `/api/prevention/file?planId=${planId}&fileId=${encodeURIComponent(fileId)}`;
}
