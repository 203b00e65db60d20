import {
  budgetWithinCap,
  PREVENTION_FILING_STATUS,
  type PreventionFilingAction,
  preventionFilingTransition,
} from '@aqzrx/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, makeOrg, type TestContext } from '../../../test/helpers.ts';
import { idem, makeUser, post, today, uploadPdf } from '../policy/policy.testkit.ts';

/** Yearly prevention plan filings: versions, the budget cap, review, scope, idempotency. */

let t: TestContext;
const tok: Record<string, string> = {};
let year: number;

beforeAll(async () => {
  t = await createTestContext({ LOGIN_RATE_MAX: '1000', API_RATE_MAX: '100000' });
  for (const u of ['insurer', 'gov', 'gov_sy', 'ent', 'admin']) tok[u] = await t.login(u);
  // A fresh insurer: the demo insurer's seeded filings do not interfere.
  tok.ins = await makeUser(t, 'insurer', 'filing-insurer', {
    orgId: await makeOrg(t, 'insurer', '某某人寿财产保险宿迁中心支公司'),
  });
  tok.insX = await makeUser(t, 'insurer', 'filing-insurer-x', {
    orgId: await makeOrg(t, 'insurer', '另一家财产保险宿迁支公司'),
  });
  year = Number(today(t).slice(0, 4));
});
afterAll(() => t.close());

async function body(over: Record<string, unknown> = {}) {
  return {
    year,
    districts: ['321302', '321311'],
    plannedServices: { '01': 6, '03': 40, '05': 2 },
    expectedPremium: 2_000_000,
    budgetAmount: 400_000,
    description: '全年计划开展隐患排查40次',
    attachments: [await uploadPdf(t, tok.ins!, '年度计划.pdf')],
    ...over,
  };
}
const detail = (id: number, who = 'ins') => post(t, `/api/preventionFiling/detail?id=${id}`, tok[who]);
const govDetail = (id: number, who = 'gov') => post(t, `/api/preventionFiling/govDetail?id=${id}`, tok[who]);
const versionOf = async (id: number) => (await detail(id)).body.data.version as number;

describe('rules', () => {
  const EXPECTED: Record<string, Partial<Record<PreventionFilingAction, string>>> = {
    pending: { approve: 'filed', return: 'returned' },
    filed: { refile: 'newVersion' },
    returned: { refile: 'newVersion' },
  };
  const ACTIONS: PreventionFilingAction[] = ['approve', 'return', 'refile'];
  it.each(PREVENTION_FILING_STATUS.values.flatMap((s) => ACTIONS.map((a) => [s, a] as const)))(
    '%s × %s',
    (status, action) => {
      expect(preventionFilingTransition(status, action)).toBe(EXPECTED[status]![action] ?? null);
    },
  );
  it('the cap is exact to the cent', () => {
    expect(budgetWithinCap(210_000, 1_000_000, 0.21)).toBe(true);
    expect(budgetWithinCap(210_000.01, 1_000_000, 0.21)).toBe(false);
  });
});

describe('filing and review', () => {
  it('a budget above the cap is refused naming the cap; the rules call says it', async () => {
    const rules = await post(t, '/api/preventionFiling/rules', tok.ins);
    expect(rules.body.data).toMatchObject({ capRatio: 0.21, capPct: 21 });
    expect(rules.body.data.years).toContain(year);
    const over = await post(t, '/api/preventionFiling/add', tok.ins, await body({ budgetAmount: 440_000 }));
    expect(over.status).toBe(400);
    expect(over.body.result).toBe(
      '预防费用预算占预计保费的22.00%，超过事故预防费用比例上限21%：请调低预算或核实预计保费',
    );
    // A lower cap in the insurance settings applies.
    const ins = await t.app.deps.settings.get('insurance');
    await t.app.deps.settings.set(t.database.db, 'insurance', { ...ins, preventionFeeCapPct: 15 }, null);
    const lower = await post(t, '/api/preventionFiling/add', tok.ins, await body({ budgetAmount: 320_000 }));
    expect(lower.status).toBe(400);
    expect(lower.body.result).toContain('上限15%');
    await t.app.deps.settings.set(t.database.db, 'insurance', ins, null);
    const far = await post(t, '/api/preventionFiling/add', tok.ins, await body({ year: year + 5 }));
    expect(far.status).toBe(400);
    expect(far.body.result).toContain('备案年度须为');
    const none = await post(t, '/api/preventionFiling/add', tok.ins, await body({ plannedServices: {} }));
    expect(none.status).toBe(400);
    expect((await post(t, '/api/preventionFiling/add', tok.ent, await body())).status).toBe(403);
    expect(
      await t.database.db
        .selectFrom('apPreventionFiling')
        .select('id')
        .where('year', '=', year + 5)
        .execute(),
    ).toEqual([]);
  });

  it('versions: v1 returned with a reason, re-filed as v2 on the latest version, older kept read-only', async () => {
    const first = await post(t, '/api/preventionFiling/add', tok.ins, await body(), idem());
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.versionNo).toBe(1);
    const v1 = first.body.data.id as number;
    // Another filing of the same year must revise the latest, and not while it is pending.
    const dup = await post(t, '/api/preventionFiling/add', tok.ins, await body());
    expect(dup.status).toBe(409);
    expect(dup.body.result).toContain('已有预防计划备案（第1版，待审核）');
    const whilePending = await post(
      t,
      '/api/preventionFiling/add',
      tok.ins,
      await body({ supersedes: { id: v1, version: await versionOf(v1) } }),
    );
    expect(whilePending.status).toBe(409);
    expect(whilePending.body.result).toContain('正在审核中');

    // Scope: the other insurer and the 泗阳县 regulator see nothing of it.
    expect((await detail(v1, 'insX')).status).toBe(404);
    expect((await govDetail(v1, 'gov_sy')).status).toBe(404);
    const review = async (id: number, approve: boolean, remark = '', who = 'gov') =>
      post(t, '/api/preventionFiling/review', tok[who], {
        id,
        version: (await govDetail(id)).body.data.version,
        approve,
        remark,
      });
    expect((await review(v1, true, '', 'gov_sy')).status).toBe(404);
    const noReason = await review(v1, false);
    expect(noReason.status).toBe(400);
    expect(noReason.body.result).toContain('退回须填写原因');
    expect((await review(v1, false, '预算未按区县分解')).body.data.status).toBe('returned');
    expect((await review(v1, true)).status).toBe(409);

    const staleV = await post(
      t,
      '/api/preventionFiling/add',
      tok.ins,
      await body({ supersedes: { id: v1, version: (await versionOf(v1)) + 1 } }),
    );
    expect(staleV.status).toBe(409);
    const second = await post(
      t,
      '/api/preventionFiling/add',
      tok.ins,
      await body({ budgetAmount: 380_000, supersedes: { id: v1, version: await versionOf(v1) } }),
      idem(),
    );
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.data.versionNo).toBe(2);
    const v2 = second.body.data.id as number;
    // v1 is kept, read-only: no review, no revision from it.
    const old = await detail(v1);
    expect(old.body.data).toMatchObject({
      status: 'returned',
      latest: false,
      actions: { review: false, refile: false },
    });
    const fromOld = await post(
      t,
      '/api/preventionFiling/add',
      tok.ins,
      await body({ supersedes: { id: v1, version: await versionOf(v1) } }),
    );
    expect(fromOld.status).toBe(409);
    const list = await post(t, `/api/preventionFiling/list?year=${year}`, tok.ins);
    const rows = list.body.data.list as Array<Record<string, unknown>>;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: v2, versionNo: 2, versions: 2, budgetRatioPct: 19 });
    const d = await detail(v2);
    expect((d.body.data.history as Array<{ versionNo: number }>).map((h) => h.versionNo)).toEqual([2, 1]);
    expect(d.body.data.attachments).toHaveLength(1);

    const gov = await post(t, `/api/preventionFiling/govList?year=${year}&keyword=某某人寿`, tok.gov);
    expect((gov.body.data.list as Array<{ id: number }>).map((r) => r.id)).toEqual([v2]);
    expect((await review(v2, true, '同意备案')).body.data.status).toBe('filed');
    const x = await t.call({
      method: 'GET',
      url: `/api/preventionFiling/govExport?year=${year}&keyword=某某人寿`,
      token: tok.gov,
    });
    expect(x.statusCode).toBe(200);
    expect(x.headers['x-export-rows']).toBe('1');
    // The insurer cannot use the regulator's routes, and the operations admin has no access.
    expect(
      (await post(t, '/api/preventionFiling/review', tok.ins, { id: v2, version: 1, approve: true })).status,
    ).toBe(403);
    expect((await post(t, '/api/preventionFiling/govList', tok.admin)).status).toBe(403);
    // The plan document downloads for the insurer and the regulator, not for another insurer.
    const file = (d.body.data.attachments as Array<{ id: string }>)[0]!.id;
    const dl = (who: string) =>
      t.call({ method: 'GET', url: `/api/preventionFiling/file?id=${v2}&fileId=${file}`, token: tok[who] });
    expect((await dl('ins')).statusCode).toBe(200);
    expect((await dl('gov')).statusCode).toBe(200);
    expect((await dl('insX')).statusCode).toBe(404);
  });

  it('the same Idempotency-Key files once', async () => {
    const key = idem();
    const b = { ...(await body({ year: year + 1 })), attachments: [await uploadPdf(t, tok.insX!)] };
    const a = await post(t, '/api/preventionFiling/add', tok.insX, b, key);
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    const r = await post(t, '/api/preventionFiling/add', tok.insX, b, key);
    expect(r.status).toBe(200);
    expect(r.headers['idempotent-replayed']).toBe('true');
    expect(r.body.data.id).toBe(a.body.data.id);
    const rows = await t.database.db
      .selectFrom('apPreventionFiling')
      .select('id')
      .where('year', '=', year + 1)
      .execute();
    expect(rows.map((x) => x.id)).toContain(a.body.data.id);
    expect(rows.filter((x) => x.id === a.body.data.id)).toHaveLength(1);
  });
});
