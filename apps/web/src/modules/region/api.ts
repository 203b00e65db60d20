import { fetchData } from '../../platform/request.ts';

/** Server calls of the region (province, city, district) lists, with the paths of the API. */

export const regionKeys = {
  regions: (kind: string, code: string) => ['sys-config', 'regions', kind, code] as const,
};

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
