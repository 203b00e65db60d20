import { CITY_CODE, CITY_NAME } from '@aqzrx/contracts/constants';
import type { FormRule } from 'antd';
import { ApiError, type RequestFn, unwrap } from './fetch-request.ts';

/** Region dictionary item (spec 3). */
export interface RegionItem {
  code: string;
  name: string;
}

/** The AddressPicker value; parts not chosen yet are undefined. */
export interface AddressValue {
  provinceCode?: string;
  provinceName?: string;
  cityCode?: string;
  cityName?: string;
  districtCode?: string;
  districtName?: string;
  detail?: string;
}

/** A city the picker is locked to; its province defaults to Jiangsu. */
export interface FixedCity {
  code: string;
  name: string;
  provinceCode?: string;
  provinceName?: string;
}

export const JIANGSU: RegionItem = { code: '320000', name: '江苏省' };
/** The platform's own city (spec 9). */
export const SUQIAN: FixedCity = {
  code: CITY_CODE,
  name: CITY_NAME,
  provinceCode: JIANGSU.code,
  provinceName: JIANGSU.name,
};

export const REGION_URLS = {
  provinces: '/api/manage/patient/getProvince.json',
  cities: '/api/manage/patient/getChildren.json',
  districts: '/api/manage/patient/getDistrictChildren.json',
} as const;

export interface AddressLoader {
  provinces: () => Promise<RegionItem[]>;
  cities: (provinceCode: string) => Promise<RegionItem[]>;
  districts: (cityCode: string) => Promise<RegionItem[]>;
}

/** Reads `data[key]` as a list of {code, name}; codes may come back as numbers. */
export function readRegionList(data: unknown, key: string): RegionItem[] {
  if (typeof data !== 'object' || data === null) throw ApiError.of('地区数据格式不正确');
  const list = (data as Record<string, unknown>)[key];
  if (!Array.isArray(list)) throw ApiError.of('地区数据格式不正确');
  const out: RegionItem[] = [];
  for (const item of list) {
    if (typeof item !== 'object' || item === null) continue;
    const { code, name } = item as Record<string, unknown>;
    if ((typeof code === 'string' || typeof code === 'number') && typeof name === 'string') {
      out.push({ code: String(code), name });
    }
  }
  return out;
}

/**
 * Loader over the spec 7 region calls. Results are cached per loader (regions do not change while the
 * page is open); a failed call is not cached, so the next attempt asks again.
 */
export function createAddressLoader(request: RequestFn): AddressLoader {
  const cache = new Map<string, Promise<RegionItem[]>>();
  const cached = (key: string, fetchList: () => Promise<RegionItem[]>) => {
    const hit = cache.get(key);
    if (hit) return hit;
    const p = fetchList();
    cache.set(key, p);
    p.catch(() => cache.delete(key));
    return p;
  };
  return {
    provinces: () =>
      cached('p', async () => readRegionList(unwrap(await request(REGION_URLS.provinces)), 'dictList')),
    cities: (provinceCode) =>
      cached(`c:${provinceCode}`, async () =>
        readRegionList(unwrap(await request(REGION_URLS.cities, { params: { provinceCode } })), 'cityList'),
      ),
    districts: (cityCode) =>
      cached(`d:${cityCode}`, async () =>
        readRegionList(
          unwrap(await request(REGION_URLS.districts, { params: { cityCode } })),
          'districtList',
        ),
      ),
  };
}

const loaders = new WeakMap<RequestFn, AddressLoader>();
/** One cached loader per request function, so every picker on a page shares the region lists. */
export function addressLoaderFor(request: RequestFn): AddressLoader {
  let loader = loaders.get(request);
  if (!loader) {
    loader = createAddressLoader(request);
    loaders.set(request, loader);
  }
  return loader;
}

export interface AddressRuleOptions {
  /** Default true. When false an empty address passes, but a partly filled one must be complete. */
  required?: boolean;
  /** The district is not asked for (notice add and edit screens). */
  hideDistrict?: boolean;
  /** The picker is locked to one city: province and city are never asked for. */
  fixedCity?: boolean;
}

function isBlank(value: AddressValue | undefined, opts: AddressRuleOptions): boolean {
  if (!value) return true;
  const chosenRegion = opts.fixedCity ? false : Boolean(value.provinceCode || value.cityCode);
  return !chosenRegion && !value.districtCode && !value.detail?.trim();
}

/** The first missing part of an address, as the message to show; null when complete (spec 5). */
export function addressProblem(
  value: AddressValue | undefined,
  label: string,
  opts: AddressRuleOptions = {},
): string | null {
  const required = opts.required ?? true;
  if (!required && isBlank(value, opts)) return null;
  const v = value ?? {};
  if (!opts.fixedCity) {
    if (!v.provinceCode) return `请选择${label}的省`;
    if (!v.cityCode) return `请选择${label}的市`;
  }
  if (!opts.hideDistrict && !v.districtCode) return `请选择${label}的区县`;
  if (!v.detail?.trim()) return `请输入${label}的详细地址`;
  return null;
}

/**
 * antd Form rules for an AddressPicker field:
 *   <Form.Item name="address" label="企业地址" rules={addressRules('企业地址', { hideDistrict: true })}>
 */
export function addressRules(label: string, opts: AddressRuleOptions = {}): FormRule[] {
  return [
    {
      required: opts.required ?? true,
      validator: async (_rule, value: AddressValue | undefined) => {
        const problem = addressProblem(value, label, opts);
        if (problem) throw new Error(problem);
      },
    },
  ];
}

/** One line for display: 江苏省宿迁市宿城区XX路1号. */
export function formatAddress(value: AddressValue | null | undefined, separator = ''): string {
  if (!value) return '';
  const parts = [value.provinceName, value.cityName, value.districtName, value.detail?.trim()];
  // Municipalities repeat the name (北京市 北京市): show it once.
  return parts.filter((part, i): part is string => Boolean(part) && part !== parts[i - 1]).join(separator);
}
