import type {
  EnterpriseDetail,
  EnterpriseImportError,
  EnterpriseParamsState,
  EnterpriseRow,
  EntParamKey,
  enterpriseListQuery,
  enterpriseMineInput,
  IndustryNode,
  z,
} from '@aqzrx/contracts';
import type { PageResult } from '../../components/index.ts';
import {
  fetchData,
  handleRequestError,
  isApiError,
  type QueryValue,
  request,
} from '../../platform/request.ts';
import { getToken } from '../../platform/storage.ts';

/** Calls of the enterprise feature (apps/server/src/modules/enterprise/enterprise.routes.ts). */
export const ENT_API = {
  list: '/enterprise/list',
  detail: '/enterprise/detail',
  contacts: '/enterprise/contacts',
  add: '/enterprise/add',
  edit: '/enterprise/edit',
  mine: '/enterprise/mine',
  saveMine: '/enterprise/saveMine',
  params: '/enterprise/params',
  saveParams: '/enterprise/saveParams',
  scoreHistory: '/enterprise/scoreHistory',
  rescore: '/enterprise/rescore',
  export: '/enterprise/export',
  importTemplate: '/enterprise/importTemplate',
  import: '/enterprise/import',
  industries: '/manage/parameter/getIndustry.json',
} as const;

/** Screen paths of the government's enterprise pages (resources.ts). */
export const GOV_ENT_PATHS = {
  list: '/government/govEnt/GovEntList/route',
  add: '/government/govEnt/GovEntAdd/route',
  edit: '/government/govEnt/GovEntEdit/route',
  detail: '/government/govEnt/GovEntDetail/route',
  params: '/government/govEnt/GovEntParams/route',
  score: '/government/govEnt/GovEntScore/route',
} as const;

/** What the calls answer, declared once in packages/contracts (enterprise.ts). */
export type {
  EnterpriseDetail,
  EnterpriseImportError,
  EnterpriseParamsState,
  EnterpriseParamView,
  EnterpriseRow,
} from '@aqzrx/contracts';

/** The query of the enterprise list (contracts enterpriseListQuery, as sent). */
export type EnterpriseListQuery = z.input<typeof enterpriseListQuery>;

/**
 * The profile fields the add / edit / saveMine calls take (contracts enterpriseFields; the mobiles left out
 * of an edit keep the stored ones, an add refuses without them).
 */
export type EnterpriseProfileBody = Omit<z.input<typeof enterpriseMineInput>, 'version'>;

export interface ScoreHistoryRow {
  id: number;
  score: number;
  scoreGrade: number;
  reason: string;
  createdAt: string;
  values: Partial<Record<EntParamKey, number>> | null;
}

type Params = Record<string, QueryValue>;

export const listEnterprises = (q: EnterpriseListQuery) =>
  fetchData<{ page: PageResult<EnterpriseRow> }>(ENT_API.list, { params: q as unknown as Params }).then(
    (d) => d.page,
  );
export const getEnterprise = (id: number) => fetchData<EnterpriseDetail>(ENT_API.detail, { params: { id } });
export const getContacts = (id: number) =>
  fetchData<{
    legalName: string;
    legalMobile: string;
    legalDutyPhone: string;
    safetyName: string;
    safetyMobile: string;
  }>(ENT_API.contacts, { params: { id } });
export const addEnterprise = (data: EnterpriseProfileBody) =>
  fetchData<{ id: number }>(ENT_API.add, { data });
export const editEnterprise = (data: EnterpriseProfileBody & { id: number; version: number }) =>
  fetchData<{ id: number; version: number }>(ENT_API.edit, { data });
export const getMine = () => fetchData<EnterpriseDetail>(ENT_API.mine);
export const saveMine = (data: EnterpriseProfileBody & { version: number }) =>
  fetchData<{ id: number; version: number; infoComplete: boolean }>(ENT_API.saveMine, { data });
// The pages that read parameters and history also load the enterprise itself, which reports a missing or
// out-of-district one; these two calls stay silent so the same refusal is not shown three times.
export const getParams = (id: number) =>
  fetchData<EnterpriseParamsState>(ENT_API.params, { params: { id }, skipErrorHandler: true });
export const saveParams = (data: {
  id: number;
  version: number;
  params: Array<{ key: EntParamKey; source: 1 | 2; value?: number; remark: string }>;
}) =>
  fetchData<{ id: number; version: number; score: number; scoreGrade: number }>(ENT_API.saveParams, { data });
export const rescore = (id: number) =>
  fetchData<{ id: number; score: number; scoreGrade: number }>(ENT_API.rescore, { params: { id } });
export const scoreHistory = (id: number, pageNo: number, pageSize: number) =>
  fetchData<{ page: PageResult<ScoreHistoryRow> }>(ENT_API.scoreHistory, {
    params: { id, pageNo, pageSize },
    skipErrorHandler: true,
  }).then((d) => d.page);
export const industryTree = (code: 'AQ' | 'GB4754') =>
  fetchData<{ industryList: IndustryNode[] }>(ENT_API.industries, { method: 'GET', params: { code } }).then(
    (d) => d?.industryList ?? [],
  );

// ---------------------------------------------------------------------------------------------------
// Files: downloads (export, template) go through platform/download.ts downloadFile; the multipart import
// ---------------------------------------------------------------------------------------------------

export type ImportOutcome =
  | { ok: true; message: string; created: number; marked: number; rows: number }
  | { ok: false; message: string; errors: EnterpriseImportError[] };

/**
 * Uploads a must-insure register. The server imports all rows or none: a sheet with any bad row answers
 * 400 with `data.errors` (row, column, message), which comes back here as `ok: false` for the screen to
 * show; other failures (no permission, network) go through the client's notices and reject.
 */
export async function importRegister(file: File): Promise<ImportOutcome> {
  const form = new FormData();
  form.append('file', file, file.name);
  try {
    const env = await request<{ created?: number; marked?: number; rows?: number }>(ENT_API.import, {
      data: form,
      skipErrorHandler: true,
    });
    const d = env.data ?? {};
    return {
      ok: true,
      message: env.result,
      created: d.created ?? 0,
      marked: d.marked ?? 0,
      rows: d.rows ?? 0,
    };
  } catch (e) {
    if (!isApiError(e)) throw e;
    // A sheet with bad rows (400): the envelope lists each one for the screen to show.
    if (e.status === 400) {
      const errors = (e.envelope.data as { errors?: EnterpriseImportError[] } | undefined)?.errors;
      return { ok: false, message: e.envelope.result, errors: errors ?? [] };
    }
    handleRequestError(e, getToken() !== null);
    throw e;
  }
}
