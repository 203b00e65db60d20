/**
 * Calls of the hidden-danger, risk, alarm and supervision screens (apps/server/src/modules/hazard, route
 * table in packages/contracts/src/hazard.ts) and the shapes they answer. Filters and ids go in the query
 * string, bodies as JSON (POST).
 */
import type {
  alarmQuery,
  governancePlanInput,
  handleInput,
  hazardQuery,
  hazardStatsQuery,
  insurerCheckInput,
  rectifyInput,
  reviewInput,
  riskQuery,
  riskRulesInput,
  selfCheckInput,
  superviseQuery,
  z,
} from '@aqzrx/contracts';
import type { PageResult } from '../../components/index.ts';
import { downloadFile } from '../../platform/download.ts';
import { fetchData, postWithMessage } from '../../platform/request.ts';

export type {
  AlarmItem,
  GovernancePlanView,
  HandlingItem,
  HazardDetail,
  HazardItem,
  HazardStats,
  RectificationItem,
  RiskDetail,
  RiskHistoryItem,
  RiskItem,
  RiskRuleSet,
  SuperviseItem,
  TimelineItem,
} from '@aqzrx/contracts';

import type {
  AlarmItem,
  HazardDetail,
  HazardItem,
  HazardStats,
  RiskDetail,
  RiskItem,
  RiskRuleSet,
  SuperviseItem,
} from '@aqzrx/contracts';

export type HazardFilters = Omit<z.input<typeof hazardQuery>, 'pageNo' | 'pageSize'>;
export type RiskFilters = Omit<z.input<typeof riskQuery>, 'pageNo' | 'pageSize'>;
export type AlarmFilters = Omit<z.input<typeof alarmQuery>, 'pageNo' | 'pageSize'>;
export type SuperviseFilters = Omit<z.input<typeof superviseQuery>, 'pageNo' | 'pageSize'>;
/** The output types: the refined registration schemas do not carry their input type (every field is sent). */
export type SelfCheckBody = z.output<typeof selfCheckInput>;
export type InsurerCheckBody = z.output<typeof insurerCheckInput>;
export type RectifyBody = z.input<typeof rectifyInput>;
export type ReviewBody = z.input<typeof reviewInput>;
export type GovernancePlanBody = z.input<typeof governancePlanInput>;
export type HandleBody = z.input<typeof handleInput>;
export type RiskRulesBody = z.input<typeof riskRulesInput>;

type Params = Record<string, string | number | boolean | undefined>;
const params = (q: object) => q as unknown as Params;
type Written = { id: number; version: number };

/** TanStack Query caches hazard, risk and alarm data under this key (invalidate it after any write). */
export const HAZARD_KEY = 'hazard';

export const hazardApi = {
  list: (q: z.input<typeof hazardQuery>) =>
    fetchData<PageResult<HazardItem>>('/hazard/list', { params: params(q) }),
  disposeList: (q: z.input<typeof hazardQuery>) =>
    fetchData<PageResult<HazardItem>>('/hazard/dispose-list', { params: params(q) }),
  detail: (id: number) => fetchData<HazardDetail>('/hazard/detail', { params: { id } }),
  stats: (q: z.input<typeof hazardStatsQuery> = {}) =>
    fetchData<HazardStats>('/hazard/stats', { method: 'GET', params: params(q) }),

  selfCheck: (body: SelfCheckBody, key: string) =>
    postWithMessage<{ id: number }>('/hazard/self-check', body, key),
  insurerCheck: (body: InsurerCheckBody, key: string) =>
    postWithMessage<{ id: number }>('/hazard/insurer-check', body, key),
  rectify: (body: RectifyBody) => postWithMessage<Written>('/hazard/rectify', body),
  review: (body: ReviewBody) => postWithMessage<Written>('/hazard/review', body),
  governancePlan: (body: GovernancePlanBody) => postWithMessage<Written>('/hazard/governance-plan', body),
  handle: (body: HandleBody) => postWithMessage<Written>('/hazard/handle', body),
};

export const riskApi = {
  list: (q: z.input<typeof riskQuery>) =>
    fetchData<PageResult<RiskItem>>('/risk/list', { params: params(q) }),
  detail: (enterpriseId: number) => fetchData<RiskDetail>('/risk/detail', { params: { enterpriseId } }),
  rules: () => fetchData<RiskRuleSet>('/risk/rules', { method: 'GET' }),
  saveRules: (body: RiskRulesBody) => postWithMessage<{ version: number }>('/risk/rules', body),
};

export const alarmApi = {
  list: (q: z.input<typeof alarmQuery>) =>
    fetchData<PageResult<AlarmItem>>('/alarm/list', { params: params(q) }),
  ack: (ids: number[]) => postWithMessage<{ count: number }>('/alarm/ack', { ids }),
};

export const superviseApi = {
  list: (q: z.input<typeof superviseQuery>) =>
    fetchData<PageResult<SuperviseItem>>('/supervise/list', { params: params(q) }),
};

/** Downloads the enterprises matching `filters` with their risk level as .xlsx (GET /api/risk/export). */
export async function exportRisks(filters: RiskFilters): Promise<void> {
  await downloadFile('/risk/export', {
    method: 'GET',
    params: params(filters),
    fallbackName: '企业风险分级.xlsx',
  });
}

/** The URL of a photo or file of a hazard (needs the token: AuthImage / requestFile). */
export function hazardFileUrl(hazardId: number, fileId: string): string {
  return `/api/hazard/file?hazardId=${hazardId}&fileId=${encodeURIComponent(fileId)}`;
}
