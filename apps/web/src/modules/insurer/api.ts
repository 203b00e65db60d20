import type {
  InsurerDocFields,
  InsurerDocRow,
  InsurerProfile,
  insurerDocListQuery,
  PolicyRow,
  policyListQuery,
  publishedDocListQuery,
  TechnicistFields,
  TechnicistRow,
  technicistListQuery,
  UploadedFile,
  z,
} from '@aqzrx/contracts';
import type { PageResult } from '../../components/index.ts';
import { downloadFile } from '../../platform/download.ts';
import { fetchData, type QueryValue } from '../../platform/request.ts';

/** What the calls answer, declared once in packages/contracts (insurer.ts, insurance-data.ts). */
export type {
  InsurerDocFields,
  InsurerDocRow,
  InsurerProfile,
  TechnicistFields,
  TechnicistRow,
  UploadedFile,
} from '@aqzrx/contracts';

/** Server calls of the insurer's institution screens and workbench (apps/server/src/modules/insurer). */
export const INSURER_API = {
  mine: '/insurer/mine',
  saveMine: '/insurer/saveMine',
  techList: '/technicist/list',
  techReveal: '/technicist/revealIdNo',
  techAdd: '/technicist/add',
  techEdit: '/technicist/edit',
  techDelete: '/technicist/delete',
  docList: '/insurerDoc/list',
  docAdd: '/insurerDoc/add',
  docEdit: '/insurerDoc/edit',
  docDelete: '/insurerDoc/delete',
  docFile: '/insurerDoc/file',
  docPublished: '/insurerDoc/published',
  upload: '/file/uploadFile',
  policyList: '/policy/list',
  claimList: '/claim/list',
} as const;

// ---------------------------------------------------------------------------------------------------
// Institution profile
// ---------------------------------------------------------------------------------------------------

export type InsurerProfileSave = Omit<InsurerProfile, 'id' | 'districtName'>;

export const getMine = () => fetchData<InsurerProfile>(INSURER_API.mine);
export const saveMine = (data: InsurerProfileSave) =>
  fetchData<{ version: number }>(INSURER_API.saveMine, { data });

// ---------------------------------------------------------------------------------------------------
// Technicists
// ---------------------------------------------------------------------------------------------------

/** Edit: ID number and mobile left out keep the stored values. */
export type TechnicistEdit = Omit<TechnicistFields, 'idNo' | 'mobile'> & {
  id: number;
  version: number;
  idNo?: string;
  mobile?: string;
};

/** The query of the technicist list (contracts technicistListQuery, as sent). */
export type TechnicistFilters = z.input<typeof technicistListQuery>;

const page = async <T>(url: string, params: Record<string, QueryValue>): Promise<PageResult<T>> =>
  (await fetchData<{ page: PageResult<T> }>(url, { params })).page;

export const listTechnicists = (q: TechnicistFilters) => page<TechnicistRow>(INSURER_API.techList, { ...q });
export const revealTechnicist = (id: number) =>
  fetchData<{ id: number; idNo: string; mobile: string }>(INSURER_API.techReveal, { params: { id } });
export const addTechnicist = (data: TechnicistFields) =>
  fetchData<{ id: number }>(INSURER_API.techAdd, { data });
export const editTechnicist = (data: TechnicistEdit) =>
  fetchData<{ id: number; version: number }>(INSURER_API.techEdit, { data });
export const deleteTechnicist = (id: number, version: number) =>
  fetchData<null>(INSURER_API.techDelete, { params: { id, version } });

// ---------------------------------------------------------------------------------------------------
// Documents
// ---------------------------------------------------------------------------------------------------

export const listDocs = (q: z.input<typeof insurerDocListQuery>) =>
  page<InsurerDocRow>(INSURER_API.docList, { ...q });
export const addDoc = (data: InsurerDocFields) => fetchData<{ id: number }>(INSURER_API.docAdd, { data });
export const editDoc = (data: InsurerDocFields & { id: number; version: number }) =>
  fetchData<{ id: number; version: number }>(INSURER_API.docEdit, { data });
export const deleteDoc = (id: number, version: number) =>
  fetchData<null>(INSURER_API.docDelete, { params: { id, version } });

/**
 * Documents every insurer published (/api/insurerDoc/published, permission policy.query): what an
 * enterprise reads before choosing an insurer; `insurerId` narrows to one institution.
 */
export const listPublishedDocs = (q: z.input<typeof publishedDocListQuery>) =>
  page<InsurerDocRow>(INSURER_API.docPublished, { ...q });

/** The insurers to choose from (/api/insurer/options): id and name. */
export const insurerOptions = () => fetchData<Array<{ id: number; name: string }>>('/insurer/options');

/** Saves a document's file (GET /api/insurerDoc/file with the X-TOKEN), named as the server names it. */
export const downloadDoc = (doc: Pick<InsurerDocRow, 'id' | 'title'>) =>
  downloadFile(INSURER_API.docFile, { params: { id: doc.id }, fallbackName: doc.title });

/** POST /api/file/uploadFile (multipart, field `file`). */
export async function uploadFile(file: File): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', file, file.name);
  const data = await fetchData<{ fileMap: UploadedFile }>(INSURER_API.upload, { data: form });
  return data.fileMap;
}

// ---------------------------------------------------------------------------------------------------
// Workbench
// ---------------------------------------------------------------------------------------------------

/** The fields of a /api/policy/list row the workbench shows. */
export type PolicyBrief = Pick<
  PolicyRow,
  | 'id'
  | 'applicationNo'
  | 'policyNo'
  | 'holderName'
  | 'districtName'
  | 'startDate'
  | 'endDate'
  | 'premium'
  | 'stateLabel'
>;
export const fetchPolicies = (q: z.input<typeof policyListQuery>) =>
  page<PolicyBrief>(INSURER_API.policyList, { ...q });

/** Total of a list call (pageSize 1): for the workbench counters. */
export const countOf = async (url: string, params: Record<string, QueryValue>) =>
  (await page<unknown>(url, { pageNo: 1, pageSize: 1, ...params })).total;
