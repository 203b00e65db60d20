import type {
  AddResourceBody,
  DictAddBody,
  DictNode,
  DictUpdateBody,
  IndustryAddBody,
  IndustryNode,
  IndustryUpdateBody,
  MechanismAddBody,
  MechanismApi,
  MechanismApiInfo,
  MechanismRow,
  MechanismUpdateBody,
  ResourceAdminNode,
  RoleGrant,
  RoleRow,
  SaveResourceBody,
  SettingsSaveBody,
  SettingsView,
  SubsystemAddBody,
  SubsystemRow,
  SubsystemUpdateBody,
} from '@aqzrx/contracts';
import type { PageResult } from '../../components/index.ts';
import { fetchData } from '../../platform/request.ts';

/** Server calls of the system configuration screens, with the paths and parameter placement of the API. */

export const sysConfigKeys = {
  resources: ['sys-config', 'resources'] as const,
  roles: ['sys-config', 'roles'] as const,
  roleGrants: (roleId: number) => ['sys-config', 'role-grants', roleId] as const,
  dicts: (pid: string, tree: boolean) => ['sys-config', 'dicts', pid, tree] as const,
  industries: (pid: number) => ['sys-config', 'industries', pid] as const,
  mechanismApis: (id: number) => ['sys-config', 'mechanism-apis', id] as const,
  subsystemOptions: ['sys-config', 'subsystem-options'] as const,
  settings: ['sys-config', 'settings'] as const,
  regions: (kind: string, code: string) => ['sys-config', 'regions', kind, code] as const,
};

// ---------------------------------------------------------------- resources and roles

export const resourceTree = () => fetchData<ResourceAdminNode[]>('/resource/tree', { method: 'POST' });
export const addResource = (data: Partial<AddResourceBody> & Pick<AddResourceBody, 'authKey' | 'name'>) =>
  fetchData<{ id: number }>('/resource/add', { method: 'POST', data });
export const saveResource = (data: SaveResourceBody) =>
  fetchData<null>('/resource/save', { method: 'POST', data });
export const deleteResource = (id: number) =>
  fetchData<null>('/resource/delete', { method: 'POST', params: { id } });
export const moveResource = (data: { id: number; version: number; parentId: number | null }) =>
  fetchData<null>('/resource/move', { method: 'POST', data });
export const orderResources = (data: { parentId: number | null; ids: number[] }) =>
  fetchData<null>('/resource/order', { method: 'POST', data });

export const allRoles = () => fetchData<RoleRow[]>('/role/getAllRole', { method: 'POST' });
export const roleGrants = (roleId: number) =>
  fetchData<{ grants: RoleGrant[] }>('/role/getResListByRoleId', { method: 'POST', params: { roleId } });

// ---------------------------------------------------------------- dictionaries

export const findDicts = (params: { pid?: string; tree?: boolean; name?: string; code?: string }) =>
  fetchData<{ list: DictNode[] }>('/dict/findAll', { method: 'POST', params }).then((d) => d.list);
export const addDict = (data: DictAddBody) =>
  fetchData<{ id: number }>('/dict/add', { method: 'POST', data });
export const updateDict = (data: DictUpdateBody) => fetchData<null>('/dict/update', { method: 'POST', data });
export const deleteDict = (id: number) => fetchData<null>('/dict/delete', { method: 'POST', params: { id } });
export const linkDictArea = (data: { id: number; version: number; areaCodes: string[] }) =>
  fetchData<{ id: number; areaCodes: string[] }>('/dict/linkArea', { method: 'POST', data });

export interface RegionItem {
  code: string;
  name: string;
}
export const provinces = () =>
  fetchData<{ dictList: RegionItem[] }>('/manage/patient/getProvince.json', { method: 'POST' }).then(
    (d) => d.dictList,
  );
export const cities = (provinceCode: string) =>
  fetchData<{ cityList: RegionItem[] }>('/manage/patient/getChildren.json', {
    method: 'POST',
    params: { provinceCode },
  }).then((d) => d.cityList);
export const districts = (cityCode: string) =>
  fetchData<{ districtList: RegionItem[] }>('/manage/patient/getDistrictChildren.json', {
    method: 'POST',
    params: { cityCode },
  }).then((d) => d.districtList);

// ---------------------------------------------------------------- industries

/** The subtree below pid (all=true includes disabled nodes). */
export const industriesByPid = (pid: number) =>
  fetchData<{ industryList: IndustryNode[] }>('/industry/findByPid', {
    method: 'POST',
    params: { pid, all: true },
  }).then((d) => d.industryList);
export const addIndustry = (data: IndustryAddBody) =>
  fetchData<{ id: number }>('/industry/add', { method: 'POST', data });
export const updateIndustry = (data: IndustryUpdateBody) =>
  fetchData<null>('/industry/update', { method: 'POST', data });
export const deleteIndustry = (id: number) =>
  fetchData<null>('/industry/delete', { method: 'POST', params: { id } });

// ---------------------------------------------------------------- safety mechanisms

export interface MechanismQuery {
  pageNo: number;
  pageSize: number;
  name?: string;
  orderNo?: string;
  subsystemId?: number;
  status?: number;
}
export const findMechanisms = (params: MechanismQuery) =>
  fetchData<PageResult<MechanismRow>>('/safetymechanism/findAll', {
    method: 'POST',
    params: { ...params },
  });
export const addMechanism = (data: MechanismAddBody) =>
  fetchData<{ id: number }>('/safetymechanism/add', { method: 'POST', data });
export const updateMechanism = (data: MechanismUpdateBody) =>
  fetchData<null>('/safetymechanism/update', { method: 'POST', data });
export const deleteMechanism = (id: number) =>
  fetchData<null>('/safetymechanism/delete', { method: 'POST', params: { id } });
/** Whether the order number is free (id: the mechanism being edited). */
export const checkOrderNo = (orderNo: string, id?: number) =>
  fetchData<{ available: boolean }>('/safetymechanism/checkOrderNo', {
    method: 'POST',
    params: { orderNo, id },
    skipErrorHandler: true,
  }).then((d) => d.available);
export const attachedApis = (mechanismId: number) =>
  fetchData<{ list: MechanismApiInfo[] }>('/safetymechanism/listSysApiInfos', {
    method: 'GET',
    params: { mechanismId },
  }).then((d) => d.list);
export const unattachedApis = (mechanismId: number) =>
  fetchData<{ list: MechanismApiInfo[] }>('/safetymechanism/listNoneSysApiInfos', {
    method: 'GET',
    params: { mechanismId },
  }).then((d) => d.list);
export const addMechanismApis = (mechanismId: number, apis: MechanismApi[]) =>
  fetchData<{ added: number }>('/safetymechanism/addSysApiInfos', {
    method: 'POST',
    data: { mechanismId, apis },
  });
export const delMechanismApis = (mechanismId: number, apis: MechanismApi[]) =>
  fetchData<{ removed: number }>('/safetymechanism/delSysApiInfos', {
    method: 'POST',
    data: { mechanismId, apis },
  });

// ---------------------------------------------------------------- subsystems

export interface SubsystemQuery {
  pageNo: number;
  pageSize: number;
  name?: string;
  code?: string;
  status?: number;
}
export const listSubsystems = (params: SubsystemQuery) =>
  fetchData<PageResult<SubsystemRow>>('/subsystem/list', { method: 'POST', params: { ...params } });
export const addSubsystem = (data: SubsystemAddBody) =>
  fetchData<{ id: number }>('/subsystem/add', { method: 'POST', data });
export const updateSubsystem = (data: SubsystemUpdateBody) =>
  fetchData<null>('/subsystem/update', { method: 'POST', data });
export const deleteSubsystem = (id: number) =>
  fetchData<null>('/subsystem/delete', { method: 'POST', params: { id } });

// ---------------------------------------------------------------- settings

export const getSettings = () => fetchData<SettingsView>('/setting/get', { method: 'POST' });
export const saveSettings = (data: SettingsSaveBody) =>
  fetchData<{ saved: string[]; settings: SettingsView }>('/setting/save', { method: 'POST', data });
