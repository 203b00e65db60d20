import type { OrgRow, orgAddBody, orgSaveBody, Paged, z } from '@aqzrx/contracts';
import { fetchData, type QueryValue, request } from '../../platform/request.ts';

/** Calls of organisation management (spec 7), exactly as the server declares them. */
export const ORG_API = {
  orgList: '/sys/org/getOrgList.json',
  orgAdd: '/sys/org/add',
  orgSave: '/sys/org/save',
  orgEnable: '/sys/org/enable',
  orgDisable: '/sys/org/disable',
} as const;

type Params = Record<string, QueryValue | QueryValue[]>;

export const searchOrgs = (params: Params) => fetchData<Paged<OrgRow>>(ORG_API.orgList, { params });

/** 机构管理 form fields (contracts orgAddBody / orgSaveBody; contactPhone left out on an edit keeps it). */
export type OrgFormBody = Omit<z.input<typeof orgSaveBody>, 'id' | 'version'>;

export async function addOrg(body: z.input<typeof orgAddBody>): Promise<string> {
  return (await request<{ id: number }>(ORG_API.orgAdd, { data: body })).result;
}

export async function saveOrg(body: z.input<typeof orgSaveBody>): Promise<string> {
  return (await request(ORG_API.orgSave, { data: body })).result;
}

/** 停用 (suspend: its users cannot sign in) or 启用 an organisation, at the version the list showed. */
export async function setOrgStatus(org: Pick<OrgRow, 'id' | 'version'>, enable: boolean): Promise<string> {
  const url = enable ? ORG_API.orgEnable : ORG_API.orgDisable;
  return (await request(url, { params: { id: org.id, version: org.version } })).result;
}
