import type {
  expertEditInput,
  expertMineInput,
  PoolExpertDetail,
  PoolExpertRow,
  PoolImportResult,
  PoolMine,
  PoolOrgDetail,
  PoolOrgRow,
  poolExpertInput,
  poolExpertListQuery,
  poolOrgListQuery,
  serviceOrgAdminInput,
  serviceOrgMineInput,
  z,
} from '@aqzrx/contracts';
import type { PageResult } from '../../components/index.ts';
import { downloadFile } from '../../platform/download.ts';
import {
  fetchData,
  handleRequestError,
  isApiError,
  type QueryValue,
  request,
} from '../../platform/request.ts';
import { getToken } from '../../platform/storage.ts';

export type {
  PoolExpertDetail,
  PoolExpertRow,
  PoolImportResult,
  PoolMine,
  PoolOrgDetail,
  PoolOrgRow,
  PoolServiceRecord,
} from '@aqzrx/contracts';

/** Server calls of the pool screens (apps/server/src/modules/pool). */
export const POOL_API = {
  orgList: '/pool/org/list',
  orgDetail: '/pool/org/detail',
  orgSave: '/pool/org/save',
  orgDisable: '/pool/org/disable',
  orgEnable: '/pool/org/enable',
  orgExport: '/pool/org/export',
  expertList: '/pool/expert/list',
  expertDetail: '/pool/expert/detail',
  expertAdd: '/pool/expert/add',
  expertSave: '/pool/expert/save',
  expertDisable: '/pool/expert/disable',
  expertEnable: '/pool/expert/enable',
  expertExport: '/pool/expert/export',
  expertTemplate: '/pool/expert/template',
  expertImport: '/pool/expert/import',
  orgTemplate: '/pool/org/template',
  orgImport: '/pool/org/import',
  mine: '/pool/mine',
  mineOrg: '/pool/mine/saveOrg',
  mineExpert: '/pool/mine/saveExpert',
} as const;

export type OrgFilters = z.input<typeof poolOrgListQuery>;
export type ExpertFilters = z.input<typeof poolExpertListQuery>;
export type OrgAdminBody = z.input<typeof serviceOrgAdminInput>;
export type OrgMineBody = z.input<typeof serviceOrgMineInput>;
export type ExpertAddBody = z.input<typeof poolExpertInput>;
export type ExpertEditBody = z.input<typeof expertEditInput>;
export type ExpertMineBody = z.input<typeof expertMineInput>;

const q = (v: object) => v as Record<string, QueryValue>;

export const poolApi = {
  orgs: (f: OrgFilters) => fetchData<PageResult<PoolOrgRow>>(POOL_API.orgList, { params: q(f) }),
  org: (id: number) => fetchData<PoolOrgDetail>(POOL_API.orgDetail, { params: { id } }),
  saveOrg: (data: OrgAdminBody) => fetchData<{ id: number; version: number }>(POOL_API.orgSave, { data }),
  setOrgStatus: (r: { orgId: number; version: number }, enable: boolean) =>
    request(enable ? POOL_API.orgEnable : POOL_API.orgDisable, {
      params: { id: r.orgId, version: r.version },
    }),
  experts: (f: ExpertFilters) => fetchData<PageResult<PoolExpertRow>>(POOL_API.expertList, { params: q(f) }),
  expert: (id: number) => fetchData<PoolExpertDetail>(POOL_API.expertDetail, { params: { id } }),
  addExpert: (data: ExpertAddBody) => fetchData<{ id: number }>(POOL_API.expertAdd, { data }),
  saveExpert: (data: ExpertEditBody) =>
    fetchData<{ id: number; version: number }>(POOL_API.expertSave, { data }),
  setExpertStatus: (r: { id: number; version: number }, enable: boolean) =>
    request(enable ? POOL_API.expertEnable : POOL_API.expertDisable, {
      params: { id: r.id, version: r.version },
    }),
  mine: () => fetchData<PoolMine>(POOL_API.mine),
  saveMineOrg: (data: OrgMineBody) => fetchData<{ id: number; version: number }>(POOL_API.mineOrg, { data }),
  saveMineExpert: (data: ExpertMineBody) =>
    fetchData<{ id: number; version: number }>(POOL_API.mineExpert, { data }),
  exportOrgs: (f: Omit<OrgFilters, 'pageNo' | 'pageSize'>) =>
    downloadFile(POOL_API.orgExport, { method: 'GET', params: q(f), fallbackName: '服务机构.xlsx' }),
  exportExperts: (f: Omit<ExpertFilters, 'pageNo' | 'pageSize'>) =>
    downloadFile(POOL_API.expertExport, { method: 'GET', params: q(f), fallbackName: '专家库.xlsx' }),
  template: (kind: 'expert' | 'org') =>
    kind === 'org'
      ? downloadFile(POOL_API.orgTemplate, { method: 'GET', fallbackName: '服务机构导入模板.xlsx' })
      : downloadFile(POOL_API.expertTemplate, { method: 'GET', fallbackName: '专家导入模板.xlsx' }),
};

export type ImportOutcome =
  | { ok: true; message: string; added: number }
  | { ok: false; message: string; errors: PoolImportResult['errors'] };

/**
 * Uploads an expert or service organisation workbook. The server imports all rows or none: a file with any bad row answers 400 with
 * `data.errors` (row, messages), returned here as `ok: false`; a refused file (caps, not .xlsx) as `ok: false`
 * with its message and no rows; other failures go through the client's notices and reject.
 */
export async function importPool(kind: 'expert' | 'org', file: File): Promise<ImportOutcome> {
  const form = new FormData();
  form.append('file', file, file.name);
  try {
    const env = await request<PoolImportResult>(kind === 'org' ? POOL_API.orgImport : POOL_API.expertImport, {
      data: form,
      skipErrorHandler: true,
    });
    return { ok: true, message: env.result, added: env.data?.added ?? 0 };
  } catch (e) {
    if (!isApiError(e)) throw e;
    if (e.status === 400) {
      const errors = (e.envelope.data as { errors?: PoolImportResult['errors'] } | undefined)?.errors;
      return { ok: false, message: e.envelope.result, errors: errors ?? [] };
    }
    handleRequestError(e, getToken() !== null);
    throw e;
  }
}
