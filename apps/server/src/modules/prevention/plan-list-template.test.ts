import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/helpers.ts';
import type { Database } from '../../db/database.ts';
import { listPlans, type PlanFilters, planRows } from './plan.repo.ts';
import type { PrevActor } from './scope.ts';

// The plan list's page runs as a compiled template per shape (db/query-template.ts); the export and the
// detail build the same filters with Kysely as usual. For every actor kind and filter both must return the
// same rows in the same order, including after another actor or value filled the template's cache.
let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(() => drop());

const base = { userId: 1, name: 't' };

/** Organisations of the demo plans, most plans first. */
async function orgsOf(column: 'insurerId' | 'enterpriseId' | 'providerOrgId'): Promise<number[]> {
  const rows = await database.db
    .selectFrom('apPlan')
    .select([column, (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy(column)
    .orderBy('n', 'desc')
    .orderBy(column)
    .execute();
  return rows.map((r) => r[column] as number);
}

describe('plan list template', () => {
  it('returns the rows the plain query returns, for every actor kind and filter', async () => {
    const db = database.db;
    const [ins1, ins2] = await orgsOf('insurerId');
    const [ent1, ent2] = await orgsOf('enterpriseId');
    const [prov1, prov2] = await orgsOf('providerOrgId');
    const provKind = async (id: number) =>
      (await db.selectFrom('sysOrg').select('orgType').where('id', '=', id).executeTakeFirstOrThrow())
        .orgType as 'service' | 'expert';
    const actors: PrevActor[] = [
      { kind: 'insurer', orgId: ins1!, ...base },
      { kind: 'insurer', orgId: ins2 ?? ins1!, ...base },
      { kind: 'enterprise', orgId: ent1!, ...base },
      { kind: 'enterprise', orgId: ent2 ?? ent1!, ...base },
      { kind: await provKind(prov1!), orgId: prov1!, ...base },
      { kind: await provKind(prov2 ?? prov1!), orgId: prov2 ?? prov1!, ...base },
      {
        kind: 'government',
        orgId: null,
        districts: ['321302', '321311', '321322', '321323', '321324'],
        ...base,
      },
      { kind: 'government', orgId: null, districts: ['321311'], ...base },
      { kind: 'government', orgId: null, districts: ['321302'], ...base },
      { kind: 'none', ...base },
    ];
    const year = new Date().getFullYear();
    const filters: PlanFilters[] = [
      {},
      { todo: true },
      { status: 0 },
      { status: 2 },
      { recordState: 'submitted' },
      { recordState: 'confirmed', item: '03' },
      { visitState: 'unconfirmed' },
      { districtCode: '321302' },
      { item: '01' },
      { keyword: '安全' },
      { keyword: '有限公司', status: 2 },
      { from: `${year - 1}-01-01`, to: `${year}-12-31` },
      { from: `${year}-06-01` },
      { insurerId: ins1! },
      { enterpriseId: ent1! },
      { providerOrgId: prov1! },
    ];
    let compared = 0;
    for (const actor of actors)
      for (const f of filters) {
        const expected = (
          await planRows(db, actor, f)
            .orderBy('p.plannedStart', 'desc')
            .orderBy('p.id', 'desc')
            .limit(20)
            .execute()
        ).map((r) => r.id);
        const page = await listPlans(db, actor, { pageNo: 1, pageSize: 20, ...f });
        expect(
          page.list.map((r) => r.id),
          `${actor.kind} ${JSON.stringify(f)}`,
        ).toEqual(expected);
        if (expected.length > 0) compared++;
      }
    // Most combinations have rows on the demo data (the comparison is not over empty lists).
    expect(compared).toBeGreaterThan(60);
  });

  it('pages with its limit and offset; rows carry every column of the plain query', async () => {
    const [ins1] = await orgsOf('insurerId');
    const actor: PrevActor = { kind: 'insurer', orgId: ins1!, ...base };
    const all = await planRows(database.db, actor, {})
      .orderBy('p.plannedStart', 'desc')
      .orderBy('p.id', 'desc')
      .execute();
    const p2 = await listPlans(database.db, actor, { pageNo: 2, pageSize: 7 });
    expect(p2.list.map((r) => r.id)).toEqual(all.slice(7, 14).map((r) => r.id));
    expect(p2.total).toBe(all.length);
    const first = await listPlans(database.db, actor, { pageNo: 1, pageSize: 1 });
    const row = first.list[0]!;
    const plain = all[0]!;
    expect(row).toMatchObject({
      id: plain.id,
      projectName: plain.projectName,
      contractNo: plain.contractNo,
      insurerName: plain.insurerName,
      enterpriseName: plain.enterpriseName,
      providerName: plain.providerName,
      name: plain.name,
      version: plain.version,
    });
    expect(row.plannedStart).toBe(plain.plannedStart.toISOString());
  });
});
