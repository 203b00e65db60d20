import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idsOf, onDb, openTestDatabase } from '../../../test/helpers.ts';
import type { Database } from '../../db/database.ts';
import type { Actor } from '../enterprise/index.ts';
import {
  type ClaimListQuery,
  countClaimExport,
  exportClaimRows,
  exportClaims,
  listClaims,
} from './claim.repo.ts';

// The claim list runs as a compiled template per shape (db/query-template.ts); the export builds the same
// filters with Kysely as usual. For every actor kind and filter the two must return the same rows.
let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(() => drop());

const now = new Date();
const base = { userId: 1, name: 't', orgName: 't' };
const settings = { reportDeadlineHours: 720, claimUnpaidFlagDays: 60 };

describe('claim list template', () => {
  it('returns the rows the plain query returns, for every actor kind and filter', async () => {
    const db = database.db;
    const claims = await db
      .selectFrom('insClaim')
      .select(['enterpriseId', 'insurerId', 'policyId', 'reportNo'])
      .orderBy('id')
      .execute();
    const ents = [...new Set(claims.map((c) => c.enterpriseId))];
    const insurers = [...new Set(claims.map((c) => c.insurerId))];
    const actors: Actor[] = [
      { kind: 'enterprise', orgId: ents[0]!, ...base },
      { kind: 'enterprise', orgId: ents[1]!, ...base },
      { kind: 'insurer', orgId: insurers[0]!, ...base },
      { kind: 'insurer', orgId: insurers[1]!, ...base },
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
    const year = now.getUTCFullYear();
    const filters: Array<Omit<ClaimListQuery, 'pageNo' | 'pageSize'>> = [
      {},
      { phase: 'closed' },
      { phase: 'registered' },
      { step: 5 },
      { flag: 'late' },
      { flag: 'unpaid' },
      { districtCode: '321311' },
      { wsIndustryCode: 'AQ02' },
      { year },
      { year: year - 1, phase: 'closed' },
      { accidentFrom: `${year - 1}-01-01`, accidentTo: `${year}-06-30` },
      { reportFrom: `${year - 1}-01-01`, reportTo: `${year}-06-30` },
      { reportFrom: `${year - 1}-07-01` },
      { reportTo: `${year - 1}-12-31`, year: year - 1 },
      { keyword: claims[0]!.reportNo },
      { keyword: '有限公司' },
      { policyId: claims[2]!.policyId },
    ];
    let compared = 0;
    for (const actor of actors)
      for (const f of filters) {
        const expected = (await exportClaims(db, actor, f, settings, now, 1000))
          .slice(0, 20)
          .map((r) => r.id);
        const page = await listClaims(db, actor, { pageNo: 1, pageSize: 20, ...f }, settings, now);
        expect(
          page.list.map((r) => r.id),
          `${actor.kind} ${JSON.stringify(f)}`,
        ).toEqual(expected);
        if (expected.length > 0) compared++;
      }
    expect(compared).toBeGreaterThan(30);
  });
  it('the streamed export reads page by page the rows the plain export reads, in order, up to the cap', async () => {
    const db = database.db;
    const run = onDb(db);
    const gov = {
      kind: 'government',
      orgId: null,
      districts: ['321302', '321311', '321322', '321323', '321324'],
      ...base,
    } as Actor;
    for (const f of [{}, { phase: 'closed' }, { keyword: '有限公司' }] as const) {
      const all = (await exportClaims(db, gov, f, settings, now, 5000)).map((r) => r.id);
      expect(all.length, JSON.stringify(f)).toBeGreaterThan(7);
      expect(await idsOf(exportClaimRows(run, gov, f, settings, now, 5000, 7))).toEqual(all);
      expect(await countClaimExport(db, gov, f, settings, now, 5001)).toBe(all.length);
      expect(await idsOf(exportClaimRows(run, gov, f, settings, now, 5, 7))).toEqual(all.slice(0, 5));
    }
  });
});
