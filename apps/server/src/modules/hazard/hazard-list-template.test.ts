import { chinaDate, type HazardQuery } from '@aqzrx/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/helpers.ts';
import type { Database } from '../../db/database.ts';
import { containsPattern } from '../../db/sql.ts';
import { hazardPage, listHazards, plainHazardPage } from './hazard.repo.ts';
import type { HzActor } from './scope.ts';

// The hazard list's page runs as a compiled template per shape (db/query-template.ts). For every actor kind
// and filter it must return the rows the same query built by Kysely returns, in the same order, also after
// another actor or value filled the template cache.
let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(() => drop());

const base = { userId: 1, name: 't', orgName: 't' };

async function orgsOf(column: 'insurerId' | 'enterpriseId' | 'finderOrgId'): Promise<number[]> {
  const rows = await database.db
    .selectFrom('apHazard')
    .select([column, (eb) => eb.fn.countAll<number>().as('n')])
    .where(column, 'is not', null)
    .groupBy(column)
    .orderBy('n', 'desc')
    .orderBy(column)
    .execute();
  return rows.map((r) => r[column] as number);
}

describe('hazard list template', () => {
  it('returns the rows the plain query returns, for every actor kind, filter and page', async () => {
    const db = database.db;
    const [ins1, ins2] = await orgsOf('insurerId');
    const [ent1, ent2] = await orgsOf('enterpriseId');
    const finders = await db
      .selectFrom('apHazard as h')
      .innerJoin('sysOrg as o', 'o.id', 'h.finderOrgId')
      .select(['o.id', 'o.orgType'])
      .where('o.orgType', 'in', ['service', 'expert'])
      .distinct()
      .orderBy('o.id')
      .execute();
    const actors: HzActor[] = [
      { kind: 'insurer', orgId: ins1!, ...base },
      { kind: 'insurer', orgId: ins2 ?? ins1!, ...base },
      { kind: 'enterprise', orgId: ent1!, ...base },
      { kind: 'enterprise', orgId: ent2 ?? ent1!, ...base },
      ...finders.slice(0, 2).map((f) => ({ kind: f.orgType as 'service' | 'expert', orgId: f.id, ...base })),
      {
        kind: 'government',
        orgId: null,
        districts: ['321302', '321311', '321322', '321323', '321324'],
        ...base,
      },
      { kind: 'government', orgId: null, districts: ['321311'], ...base },
      { kind: 'government', orgId: null, districts: ['321323'], ...base },
      { kind: 'none', ...base },
    ];
    const today = chinaDate(new Date());
    const year = new Date().getFullYear();
    const filters: Array<Omit<HazardQuery, 'pageNo' | 'pageSize'>> = [
      {},
      { open: true },
      { open: false },
      { overdue: true },
      { overdue: false },
      { level: 2 },
      { level: 1, districtCode: '321311' },
      { rectifyStatus: 0 },
      { rectifyStatus: -1 },
      { rectifyStatus: 1, source: 1 },
      { source: 3 },
      { source: 2 },
      { toReview: true },
      { keyword: '隐患' },
      { keyword: '有限公司', open: true },
      { checkFrom: `${year - 1}-01-01`, checkTo: `${year}-12-31` },
      { disposeReason: 'overdue' },
      { disposeReason: 'major' },
      { enterpriseId: ent1! },
    ];
    let compared = 0;
    for (const dispose of [false, true])
      for (const actor of actors)
        for (const f of filters)
          for (const pageNo of [1, 2]) {
            const q: HazardQuery = { pageNo, pageSize: 3, ...f };
            const expected = (await plainHazardPage(db, actor, q, today, dispose)).map((r) => r.id);
            const rows = await hazardPage(db, actor, q, today, dispose);
            expect(
              rows.map((r) => r.id),
              `${dispose ? 'dispose' : 'list'} ${actor.kind} ${JSON.stringify(f)} page ${pageNo}`,
            ).toEqual(expected);
            if (expected.length > 0) compared++;
          }
    // Most combinations have rows on the demo data (the comparison is not over empty lists).
    expect(compared).toBeGreaterThan(100);
  });

  it('rows carry every column of the plain query', async () => {
    const gov: HzActor = {
      kind: 'government',
      orgId: null,
      districts: ['321302', '321311', '321322', '321323', '321324'],
      ...base,
    };
    const today = chinaDate(new Date());
    const q: HazardQuery = { pageNo: 1, pageSize: 5 };
    const plain = await plainHazardPage(database.db, gov, q, today, false);
    const rows = await hazardPage(database.db, gov, q, today, false);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows).toEqual(plain);
  });

  it('a keyword finds exactly the hazards whose description or enterprise name contains it (any case)', async () => {
    const db = database.db;
    const gov: HzActor = {
      kind: 'government',
      orgId: null,
      districts: ['321302', '321311', '321322', '321323', '321324'],
      ...base,
    };
    const today = chinaDate(new Date());
    // Keywords from the demo rows: a word of a description, of an enterprise name, one character, none.
    const sample = await db
      .selectFrom('apHazard as h')
      .innerJoin('sysOrg as e', 'e.id', 'h.enterpriseId')
      .select(['h.description', 'e.name'])
      .orderBy('h.id')
      .executeTakeFirstOrThrow();
    const keywords = [
      Array.from(sample.description).slice(0, 2).join(''),
      Array.from(sample.name).slice(0, 3).join(''),
      Array.from(sample.description)[0]!,
      '没有这样的隐患',
    ];
    let found = 0;
    for (const keyword of keywords) {
      const pat = containsPattern(keyword);
      const expected = (
        await db
          .selectFrom('apHazard as h')
          .innerJoin('sysOrg as e', 'e.id', 'h.enterpriseId')
          .select('h.id')
          .where('h.live', '=', true)
          .where((eb) => eb.or([eb('h.description', 'ilike', pat), eb('e.name', 'ilike', pat)]))
          .orderBy('h.id', 'desc')
          .execute()
      ).map((r) => r.id);
      const page = await listHazards(db, gov, { pageNo: 1, pageSize: 1000, keyword }, new Date());
      expect(
        page.list.map((r) => r.id),
        keyword,
      ).toEqual(expected);
      expect(page.total).toBe(expected.length);
      const plain = (
        await plainHazardPage(db, gov, { pageNo: 1, pageSize: 1000, keyword }, today, false)
      ).map((r) => r.id);
      expect(plain, keyword).toEqual(expected);
      if (expected.length > 0) found++;
    }
    expect(found).toBeGreaterThanOrEqual(3);
  });
});
