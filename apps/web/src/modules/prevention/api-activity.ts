/**
 * Server calls of the prevention activity screens: trainings (apps/server/src/modules/training), service
 * requests (service-request), the insurers' annual plan filings (prevention-filing), and the regulator's
 * overview, the service-organisation summary and the service statement (prevention). The core prevention
 * calls (projects, plans, records, fund) are in ./api.ts.
 */
import type {
  PreventionFilingDetail,
  PreventionFilingInput,
  PreventionFilingRow,
  PreventionOverview,
  preventionFilingListQuery,
  providerSummaryQuery,
  providerSummaryRow,
  ServiceRequestInput,
  ServiceRequestPolicy,
  ServiceRequestRow,
  Statement,
  serviceRequestListQuery,
  TrainingDetail,
  TrainingInput,
  TrainingRow,
  TrainingSignUpInput,
  trainingListQuery,
  z,
} from '@aqzrx/contracts';
import type { PageResult } from '../../components/index.ts';
import { downloadFile } from '../../platform/download.ts';
import { fetchData, postWithMessage, type QueryValue } from '../../platform/request.ts';

export type {
  PreventionFilingDetail,
  PreventionFilingInput,
  PreventionFilingRow,
  PreventionOverview,
  ServiceRequestInput,
  ServiceRequestPolicy,
  ServiceRequestRow,
  Statement,
  TrainingDetail,
  TrainingInput,
  TrainingRow,
  TrainingSignUpInput,
} from '@aqzrx/contracts';
export type TrainingSignUp = TrainingDetail['signUps'][number];
export type ProviderSummaryRow = z.infer<typeof providerSummaryRow>;
export type StatementGroupBy = 'month' | 'item' | 'enterprise';

type Params = Record<string, QueryValue | QueryValue[]>;
const asParams = (q: object) => q as Params;

export const ACTIVITY_API = {
  trainingList: '/training/list',
  trainingDetail: '/training/detail',
  trainingAdd: '/training/add',
  trainingEdit: '/training/edit',
  trainingCancel: '/training/cancel',
  trainingAttendance: '/training/attendance',
  trainingSignUp: '/training/signUp',
  trainingCancelSignUp: '/training/cancelSignUp',
  trainingExport: '/training/export',
  trainingFile: '/training/file',
  requestPolicies: '/serviceRequest/policies',
  requestList: '/serviceRequest/list',
  requestAdd: '/serviceRequest/add',
  requestAnswer: '/serviceRequest/answer',
  requestWithdraw: '/serviceRequest/withdraw',
  filingRules: '/preventionFiling/rules',
  filingList: '/preventionFiling/list',
  filingDetail: '/preventionFiling/detail',
  filingAdd: '/preventionFiling/add',
  filingGovList: '/preventionFiling/govList',
  filingGovDetail: '/preventionFiling/govDetail',
  filingReview: '/preventionFiling/review',
  filingGovExport: '/preventionFiling/govExport',
  filingFile: '/preventionFiling/file',
  overview: '/prevention/overview',
  providerSummary: '/prevention/providerSummary',
  statement: '/prevention/statement',
  statementExport: '/prevention/statement/export',
} as const;

// ---------------------------------------------------------------------------------------------------
// Trainings (培训)
// ---------------------------------------------------------------------------------------------------

export type TrainingListQuery = z.input<typeof trainingListQuery>;

export const trainingApi = {
  list: (q: TrainingListQuery) =>
    fetchData<PageResult<TrainingRow>>(ACTIVITY_API.trainingList, { params: asParams(q) }),
  detail: (id: number) => fetchData<TrainingDetail>(ACTIVITY_API.trainingDetail, { params: { id } }),
  add: (body: TrainingInput, key: string) =>
    postWithMessage<{ id: number }>(ACTIVITY_API.trainingAdd, body, key),
  edit: (body: TrainingInput & { id: number; version: number }) =>
    postWithMessage<unknown>(ACTIVITY_API.trainingEdit, body),
  cancel: (body: { id: number; version: number; reason: string }) =>
    postWithMessage<unknown>(ACTIVITY_API.trainingCancel, body),
  attendance: (body: {
    id: number;
    version: number;
    summary: string;
    photos: string[];
    materials: string[];
    attendance: { signUpId: number; attended: boolean; attendeeCount: number }[];
  }) => postWithMessage<unknown>(ACTIVITY_API.trainingAttendance, body),
  signUp: (body: TrainingSignUpInput, key: string) =>
    postWithMessage<{ id: number }>(ACTIVITY_API.trainingSignUp, body, key),
  cancelSignUp: (body: { id: number; version: number }) =>
    postWithMessage<unknown>(ACTIVITY_API.trainingCancelSignUp, body),
  export: (q: Omit<TrainingListQuery, 'pageNo' | 'pageSize'>) =>
    downloadFile(ACTIVITY_API.trainingExport, { params: asParams(q), fallbackName: '培训记录.xlsx' }),
  file: (id: number, fileId: string, name: string) =>
    downloadFile(ACTIVITY_API.trainingFile, { params: { id, fileId }, fallbackName: name }),
};

// ---------------------------------------------------------------------------------------------------
// Service requests (服务需求)
// ---------------------------------------------------------------------------------------------------

export type ServiceRequestListQuery = z.input<typeof serviceRequestListQuery>;

export const serviceRequestApi = {
  policies: () => fetchData<ServiceRequestPolicy[]>(ACTIVITY_API.requestPolicies),
  list: (q: ServiceRequestListQuery) =>
    fetchData<PageResult<ServiceRequestRow>>(ACTIVITY_API.requestList, { params: asParams(q) }),
  add: (body: ServiceRequestInput, key: string) =>
    postWithMessage<{ id: number }>(ACTIVITY_API.requestAdd, body, key),
  answer: (body: { id: number; version: number; accept: boolean; remark: string }) =>
    postWithMessage<unknown>(ACTIVITY_API.requestAnswer, body),
  withdraw: (body: { id: number; version: number }) =>
    postWithMessage<unknown>(ACTIVITY_API.requestWithdraw, body),
};

// ---------------------------------------------------------------------------------------------------
// Annual prevention plan filings (预防计划备案)
// ---------------------------------------------------------------------------------------------------

export type FilingListQuery = z.input<typeof preventionFilingListQuery>;
export interface FilingRules {
  capRatio: number;
  capPct: number;
  years: number[];
}

export const filingApi = {
  rules: () => fetchData<FilingRules>(ACTIVITY_API.filingRules),
  list: (q: FilingListQuery) =>
    fetchData<PageResult<PreventionFilingRow>>(ACTIVITY_API.filingList, { params: asParams(q) }),
  detail: (id: number) => fetchData<PreventionFilingDetail>(ACTIVITY_API.filingDetail, { params: { id } }),
  add: (body: PreventionFilingInput, key: string) =>
    postWithMessage<{ id: number; versionNo: number }>(ACTIVITY_API.filingAdd, body, key),
  govList: (q: FilingListQuery) =>
    fetchData<PageResult<PreventionFilingRow>>(ACTIVITY_API.filingGovList, { params: asParams(q) }),
  govDetail: (id: number) =>
    fetchData<PreventionFilingDetail>(ACTIVITY_API.filingGovDetail, { params: { id } }),
  review: (body: { id: number; version: number; approve: boolean; remark: string }) =>
    postWithMessage<unknown>(ACTIVITY_API.filingReview, body),
  govExport: (q: Omit<FilingListQuery, 'pageNo' | 'pageSize'>) =>
    downloadFile(ACTIVITY_API.filingGovExport, { params: asParams(q), fallbackName: '预防计划备案.xlsx' }),
  file: (id: number, fileId: string, name: string) =>
    downloadFile(ACTIVITY_API.filingFile, { params: { id, fileId }, fallbackName: name }),
};

// ---------------------------------------------------------------------------------------------------
// Overview, service-organisation summary, statement
// ---------------------------------------------------------------------------------------------------

export const overviewApi = {
  overview: (q: { year?: number; districtCode?: string }) =>
    fetchData<PreventionOverview>(ACTIVITY_API.overview, { params: asParams(q) }),
  providerSummary: (q: z.input<typeof providerSummaryQuery>) =>
    fetchData<PageResult<ProviderSummaryRow>>(ACTIVITY_API.providerSummary, { params: asParams(q) }),
  statement: (q: { year: number; groupBy: StatementGroupBy; item?: string }) =>
    fetchData<Statement>(ACTIVITY_API.statement, { params: asParams(q) }),
  statementExport: (q: { year: number; groupBy: StatementGroupBy; item?: string }) =>
    downloadFile(ACTIVITY_API.statementExport, {
      params: asParams(q),
      fallbackName: `${q.year}年服务报表.xlsx`,
    }),
};
