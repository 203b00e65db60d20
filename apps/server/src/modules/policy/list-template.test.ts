import { chinaDate } from '@aqzrx/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idsOf, onDb, openTestDatabase } from '../../../test/helpers.ts';
import type { Database } from '../../db/database.ts';
import type { Actor } from '../enterprise/index.ts';
import {
  countPolicyExport,
  exportPolicies,
  exportPolicyRows,
  listPolicies,
  type PolicyListQuery,
} from './policy.repo.ts';

// The policy list runs as a compiled template per shape (db/query-template.ts); the export builds the
// same filters with Kysely as usual. For every actor kind and filter the two must return the same rows,
// including after another actor or value filled the template's cache.
let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(() => drop());

const now = new Date();
const base = { userId: 1, name: 't', orgName: 't' };

async function orgIds(type: 'enterprise' | 'insurer'): Promise<number[]> {
  const rows = await database.db
    .selectFrom('sysOrg')
    .innerJoin('insPolicy', (j) =>
      j.on((eb) =>
        eb.or([
          eb('insPolicy.enterpriseId', '=', eb.ref('sysOrg.id')),
          eb('insPolicy.insurerId', '=', eb.ref('sysOrg.id')),
        ]),
      ),
    )
    .select('sysOrg.id')
    .distinct()
    .where('sysOrg.orgType', '=', type)
    .orderBy('sysOrg.id')
    .execute();
  return rows.map((r) => r.id);
}

describe('policy list template', () => {
  it('returns the rows the plain query returns, for every actor kind and filter', async () => {
    const db = database.db;
    const [ent1, ent2] = await orgIds('enterprise');
    const [ins1, ins2] = await orgIds('insurer');
    const actors: Actor[] = [
      { kind: 'enterprise', orgId: ent1!, ...base },
      { kind: 'enterprise', orgId: ent2!, ...base },
      { kind: 'insurer', orgId: ins1!, ...base },
      { kind: 'insurer', orgId: ins2!, ...base },
      {
        kind: 'government',
        orgId: null,
        districts: ['321302', '321311', '321322', '321323', '321324'],
        ...base,
      },
      { kind: 'government', orgId: null, districts: ['321311'], ...base },
      { kind: 'government', orgId: null, districts: ['321322'], ...base },
      { kind: 'none', ...base },
    ];
    const year = Number(chinaDate(now).slice(0, 4));
    const filters: Array<Omit<PolicyListQuery, 'pageNo' | 'pageSize'>> = [
      {},
      { state: 'valid' },
      { state: 'active' },
      { state: 'expired' },
      { state: 'submitted' },
      { state: 'draft' },
      { districtCode: '321311' },
      { year },
      { year: year - 1, state: 'issued' },
      { keyword: '有限公司' },
      { wsIndustryCode: 'AQ02' },
      { startFrom: `${year - 1}-03-01`, startTo: `${year}-02-28` },
      { insurerId: ins2! },
      { enterpriseId: ent1! },
    ];
    let compared = 0;
    for (const actor of actors)
      for (const f of filters) {
        const expected = (await exportPolicies(db, actor, f, now, 1000)).slice(0, 20).map((r) => r.id);
        const page = await listPolicies(db, actor, { pageNo: 1, pageSize: 20, ...f }, now);
        expect(
          page.list.map((r) => r.id),
          `${actor.kind} ${JSON.stringify(f)}`,
        ).toEqual(expected);
        if (expected.length > 0) compared++;
      }
    // Most combinations have rows on the demo data (the comparison is not over empty lists).
    expect(compared).toBeGreaterThan(40);
  });

  it('the streamed export reads page by page the rows the plain export reads, in order, up to the cap', async () => {
    const db = database.db;
    const [ins1] = await orgIds('insurer');
    const run = onDb(db);
    for (const actor of [
      { kind: 'insurer', orgId: ins1!, ...base },
      { kind: 'government', orgId: null, districts: ['321302', '321311'], ...base },
    ] as Actor[])
      for (const f of [{}, { state: 'valid' }, { keyword: '有限公司' }] as const) {
        const all = (await exportPolicies(db, actor, f, now, 5000)).map((r) => r.id);
        expect(all.length, JSON.stringify(f)).toBeGreaterThan(7);
        // Pages of 7 rows: several keyset steps, the last one short.
        expect(await idsOf(exportPolicyRows(run, actor, f, now, 5000, 7))).toEqual(all);
        expect(await countPolicyExport(db, actor, f, now, 5001)).toBe(all.length);
        // At most the cap, the first rows in list order.
        expect(await idsOf(exportPolicyRows(run, actor, f, now, 5, 7))).toEqual(all.slice(0, 5));
        expect(await idsOf(exportPolicyRows(run, actor, f, now, 10, 7))).toEqual(all.slice(0, 10));
      }
  });

  it('pages with its limit and offset', async () => {
    const [ins1] = await orgIds('insurer');
    const actor: Actor = { kind: 'insurer', orgId: ins1!, ...base };
    const all = (await exportPolicies(database.db, actor, {}, now, 1000)).map((r) => r.id);
    const p2 = await listPolicies(database.db, actor, { pageNo: 2, pageSize: 7 }, now);
    expect(p2.list.map((r) => r.id)).toEqual(all.slice(7, 14));
    expect(p2.total).toBe(all.length);
  });
});
