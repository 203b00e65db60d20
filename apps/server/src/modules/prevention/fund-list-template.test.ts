import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/helpers.ts';
import type { Database } from '../../db/database.ts';
import { containsPattern } from '../../db/sql.ts';
import { type FundFilters, getFund, listFunds } from './fund.service.ts';
import type { PrevActor } from './scope.ts';

// The fund ledger's page runs as a compiled template per shape (db/query-template.ts): its funds are picked
// in list order first and only then joined to the policy and the names, with the policy and enterprise
// filters as sub-queries. For every actor kind and filter it must return the rows of the plain query (the
// joined tables filtered directly), in the same order, with the detail's columns; its total is the count.
let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(() => drop());

const base = { userId: 1, name: 't' };
const districts = ['321302', '321311', '321322', '321323', '321324'];

/** The funds in scope under the filters, joined and filtered as the list's rule says, newest change first. */
async function plainIds(a: PrevActor, f: FundFilters): Promise<number[]> {
  const db = database.db;
  const insurerId = a.kind === 'insurer' ? a.orgId : null;
  const inDistricts = a.kind === 'government' && a.districts.length > 0 ? a.districts : null;
  if (insurerId === null && inDistricts === null) return [];
  let s = db
    .selectFrom('apFund as f')
    .innerJoin('insPolicy as ip', 'ip.id', 'f.policyId')
    .innerJoin('sysOrg as e', 'e.id', 'f.enterpriseId')
    .select('f.id');
  s =
    insurerId !== null
      ? s.where('f.insurerId', '=', insurerId)
      : s.where('f.districtCode', 'in', inDistricts ?? []);
  if (f.districtCode) s = s.where('f.districtCode', '=', f.districtCode);
  if (f.insurerId) s = s.where('f.insurerId', '=', f.insurerId);
  if (f.state) s = s.where('f.state', '=', f.state);
  if (f.year)
    s = s.where('ip.startDate', '<=', `${f.year}-12-31`).where('ip.endDate', '>=', `${f.year}-01-01`);
  if (f.keyword) {
    const k = f.keyword;
    s = s.where((eb) => eb.or([eb('e.name', 'ilike', containsPattern(k)), eb('ip.policyNo', '=', k)]));
  }
  const rows = await s.orderBy('f.updatedAt', 'desc').orderBy('f.id', 'desc').execute();
  return rows.map((r) => r.id);
}

describe('fund list template', () => {
  it('returns the rows of the plain query, for every actor kind and filter, and pages', async () => {
    const db = database.db;
    const insurers = (
      await db.selectFrom('apFund').select('insurerId').distinct().orderBy('insurerId').execute()
    ).map((r) => r.insurerId);
    const sample = await db
      .selectFrom('apFund as f')
      .innerJoin('insPolicy as ip', 'ip.id', 'f.policyId')
      .innerJoin('sysOrg as e', 'e.id', 'f.enterpriseId')
      .select(['ip.policyNo', 'e.name', 'f.districtCode', 'f.insurerId', 'f.state'])
      .orderBy('f.id')
      .executeTakeFirstOrThrow();
    const actors: PrevActor[] = [
      ...insurers.slice(0, 2).map((orgId) => ({ kind: 'insurer' as const, orgId, ...base })),
      { kind: 'government', orgId: null, districts, ...base },
      { kind: 'government', orgId: null, districts: [sample.districtCode], ...base },
      { kind: 'government', orgId: null, districts: [], ...base },
      { kind: 'enterprise', orgId: 1, ...base },
      { kind: 'none', ...base },
    ];
    const year = new Date().getFullYear();
    const filters: FundFilters[] = [
      {},
      { state: 'pending' },
      { state: 'available' },
      { state: 'inUse' },
      { state: 'writtenOff' },
      { districtCode: sample.districtCode },
      { insurerId: sample.insurerId },
      { year },
      { year: year - 1, state: sample.state as FundFilters['state'] },
      { keyword: sample.policyNo! },
      { keyword: sample.name.slice(0, 2) },
      { keyword: sample.name.slice(0, 1) },
      { keyword: '有限公司', districtCode: sample.districtCode },
      { keyword: '没有这家企业' },
    ];
    let compared = 0;
    for (const actor of actors)
      for (const f of filters) {
        const plain = await plainIds(actor, f);
        const page = await listFunds(db, actor, { pageNo: 1, pageSize: 20, ...f });
        const label = `${actor.kind} ${JSON.stringify(actor.kind === 'government' ? actor.districts : '')} ${JSON.stringify(f)}`;
        expect(
          page.list.map((r) => r.id),
          label,
        ).toEqual(plain.slice(0, 20));
        expect(page.total, label).toBe(plain.length);
        expect(page.totalCapped, label).toBe(false);
        if (plain.length > 0) compared++;
      }
    expect(compared).toBeGreaterThan(20);
    // Every column as the detail (the plain Kysely query) reads it; and page 2.
    const insurer = actors[0]!;
    const all = await plainIds(insurer, {});
    const p2 = await listFunds(db, insurer, { pageNo: 2, pageSize: 3 });
    expect(p2.list.map((r) => r.id)).toEqual(all.slice(3, 6));
    for (const row of p2.list) expect(row).toEqual((await getFund(db, insurer, row.id)).fund);
  });
});
