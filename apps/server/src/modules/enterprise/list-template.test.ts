import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idsOf, onDb, openTestDatabase } from '../../../test/helpers.ts';
import type { Database } from '../../db/database.ts';
import type { Actor } from '../../platform/actor.ts';
import {
  countEnterpriseExport,
  exportEnterpriseRows,
  exportEnterprises,
  listEnterprises,
} from './enterprise.repo.ts';

// The enterprise list's page runs as two compiled templates per shape (db/query-template.ts: the page's ids,
// then their rows); the export builds the same filters with Kysely as usual. For every actor kind, filter and
// order the two must return the same rows.
let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(() => drop());

const now = new Date();
const base = { userId: 1, name: 't', orgName: 't' };

describe('enterprise list template', () => {
  it('returns the rows the plain query returns, for every actor kind, filter and order', async () => {
    const db = database.db;
    const ents = await db
      .selectFrom('sysOrg')
      .select(['id', 'name', 'uscc'])
      .where('orgType', '=', 'enterprise')
      .orderBy('id')
      .execute();
    const actors: Actor[] = [
      { kind: 'enterprise', orgId: ents[0]!.id, ...base },
      { kind: 'enterprise', orgId: ents[1]!.id, ...base },
      {
        kind: 'government',
        orgId: null,
        districts: ['321302', '321311', '321322', '321323', '321324'],
        ...base,
      },
      { kind: 'government', orgId: null, districts: ['321311'], ...base },
      { kind: 'government', orgId: null, districts: ['321302', '321322'], ...base },
      { kind: 'insurer', orgId: 5, ...base },
    ] as Actor[];
    const filters = [
      {},
      { keyword: ents[2]!.name.slice(0, 2) },
      { keyword: ents[3]!.name.slice(-4) },
      { keyword: '公' },
      { keyword: (ents[4]!.uscc ?? '').slice(0, 6) },
      { districtCode: '321311' },
      { wsIndustryCode: 'AQ02' },
      { mustInsure: true },
      { mustInsure: false },
      { insured: true },
      { insured: false },
      { blacklist: false },
      { onRegister: true },
      { infoComplete: true },
      { riskLevel: 3 },
      { scoreGrade: 2 },
      { stdGrade: 0 },
      { insured: true, districtCode: '321302', keyword: '公司' },
      { sortField: 'score', sortOrder: 'ascend' },
      { sortField: 'employees', sortOrder: 'descend' },
      { sortField: 'name', sortOrder: 'ascend', insured: false },
    ] as const;
    let compared = 0;
    for (const actor of actors)
      for (const f of filters) {
        const expected = (await exportEnterprises(db, actor, f, now, 1000)).slice(0, 20);
        const page = await listEnterprises(db, actor, { pageNo: 1, pageSize: 20, ...f }, now);
        expect(page.list, `${actor.kind} ${JSON.stringify(f)}`).toEqual(expected);
        const second = await listEnterprises(db, actor, { pageNo: 2, pageSize: 5, ...f }, now);
        expect(second.list, `${actor.kind} ${JSON.stringify(f)} page 2`).toEqual(
          (await exportEnterprises(db, actor, f, now, 1000)).slice(5, 10),
        );
        if (expected.length > 0) compared++;
      }
    expect(compared).toBeGreaterThan(40);
  });
  it('the streamed export reads page by page the rows the plain export reads, in the order on screen, up to the cap', async () => {
    const db = database.db;
    const run = onDb(db);
    const gov = {
      kind: 'government',
      orgId: null,
      districts: ['321302', '321311', '321322', '321323', '321324'],
      ...base,
    } as Actor;
    for (const f of [
      {},
      { sortField: 'score', sortOrder: 'ascend' },
      { keyword: '公司', sortField: 'name' },
    ] as const) {
      const all = (await exportEnterprises(db, gov, f, now, 5000)).map((r) => r.id);
      expect(all.length, JSON.stringify(f)).toBeGreaterThan(7);
      expect(await idsOf(exportEnterpriseRows(run, gov, f, now, 5000, 7))).toEqual(all);
      expect(await countEnterpriseExport(db, gov, f, now, 5001)).toBe(all.length);
      expect(await idsOf(exportEnterpriseRows(run, gov, f, now, 5, 7))).toEqual(all.slice(0, 5));
    }
  });
});
