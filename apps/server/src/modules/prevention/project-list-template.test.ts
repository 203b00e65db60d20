import type { ProjectListQuery } from '@aqzrx/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/helpers.ts';
import type { Database } from '../../db/database.ts';
import { listProjects, projectRowsPlain } from './project.repo.ts';
import type { PrevActor } from './scope.ts';

// The project list's page runs as a compiled template per shape (db/query-template.ts) with its plan and
// policy figures joined laterally; the detail builds the same filters with Kysely as usual. For every actor
// kind and filter both must return the same rows, column for column, in the same order, including after
// another actor or value filled the template's cache.
let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(() => drop());

const base = { userId: 1, name: 't' };

describe('project list template', () => {
  it('returns the rows the plain query returns, for every actor kind and filter, and pages', async () => {
    const db = database.db;
    const now = new Date();
    const insurers = (
      await db.selectFrom('apProject').select('insurerId').distinct().orderBy('insurerId').execute()
    ).map((r) => r.insurerId);
    const providers = await db
      .selectFrom('apProjectOrg as po')
      .select(['po.orgId', 'po.orgType'])
      .distinct()
      .orderBy('po.orgId')
      .execute();
    const enterprises = (
      await db
        .selectFrom('apProjectPolicy')
        .select('enterpriseId')
        .distinct()
        .orderBy('enterpriseId')
        .execute()
    ).map((r) => r.enterpriseId);
    const actors: PrevActor[] = [
      ...insurers.slice(0, 2).map((orgId) => ({ kind: 'insurer' as const, orgId, ...base })),
      ...providers.slice(0, 2).map((p) => ({ kind: p.orgType, orgId: p.orgId, ...base })),
      ...enterprises.slice(0, 2).map((orgId) => ({ kind: 'enterprise' as const, orgId, ...base })),
      {
        kind: 'government',
        orgId: null,
        districts: ['321302', '321311', '321322', '321323', '321324'],
        ...base,
      },
      { kind: 'government', orgId: null, districts: ['321323'], ...base },
      { kind: 'none', ...base },
    ];
    const year = now.getFullYear();
    const filters: Omit<ProjectListQuery, 'pageNo' | 'pageSize'>[] = [
      {},
      { state: 1 },
      { state: 3 },
      { state: 7 },
      { state: 10 },
      { keyword: '安全' },
      { keyword: '有限公司', state: 3 },
      { districtCode: '321302' },
      { serviceOrgId: providers[0]!.orgId },
      { year },
      { year: year - 1, districtCode: '321323' },
    ];
    let compared = 0;
    for (const actor of actors)
      for (const f of filters) {
        const plain = await projectRowsPlain(db, actor, f, now);
        const page = await listProjects(db, actor, { pageNo: 1, pageSize: 20, ...f }, now);
        const label = `${actor.kind} ${JSON.stringify(f)}`;
        expect(page.list, label).toEqual(plain.slice(0, 20));
        expect(page.total, label).toBe(plain.length);
        if (plain.length > 0) compared++;
      }
    expect(compared).toBeGreaterThan(25);
    const insurer = actors[0]!;
    const all = await projectRowsPlain(db, insurer, {}, now);
    const p2 = await listProjects(db, insurer, { pageNo: 2, pageSize: 2 }, now);
    expect(p2.list).toEqual(all.slice(2, 4));
    // The figures are the plans' own: count, completed, spent.
    const withPlans = all.find((r) => r.planCount > 0)!;
    const plans = await db
      .selectFrom('apPlan')
      .select(['status', 'spend'])
      .where('projectId', '=', withPlans.id)
      .execute();
    expect(withPlans.planCount).toBe(plans.length);
    expect(withPlans.doneCount).toBe(plans.filter((p) => p.status === 2).length);
    expect(withPlans.spent).toBeCloseTo(
      plans.filter((p) => p.status === 2).reduce((s, p) => s + Number(p.spend ?? 0), 0),
      2,
    );
  });
});
