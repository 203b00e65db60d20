import type { FundEntryRow, FundRow, PlanDetail, PreventionOverview, Statement } from '@aqzrx/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import type { Actor } from '../enterprise/index.ts';
import { makeUser, secondInsurerId } from '../policy/policy.testkit.ts';
import {
  checkRecord,
  detail,
  ent2Policy,
  idem,
  orgIdOf,
  planBody,
  post,
  projectBody,
  providerIds,
  today,
  uploadPdf,
} from './prevention.testkit.ts';
import { changedApProjects, changedApRecords } from './push.ts';

/**
 * The prevention chain through the API: an insurer's project on ent2's policy, a hidden-danger check
 * planned by the service organisation, confirmed by the enterprise, recorded with two hazards and
 * submitted (spend posted to the fund), confirmed, followed up; the fund rule; scope 404s per role and for
 * a non-owner of the same role; versions; idempotent creation.
 */
let t: TestContext;
const tok: Record<string, string> = {};
let policyId: number;
let ent2Id: number;
let projectId: number;
let planId: number;
let files: string[];
let prov: { service: number; expert: number };

beforeAll(async () => {
  t = await createTestContext({ LOGIN_RATE_MAX: '1000', API_RATE_MAX: '100000' });
  for (const u of ['ent', 'ent2', 'insurer', 'service', 'expert', 'gov', 'gov_sy', 'admin'])
    tok[u] = await t.login(u);
  tok.insurer2 = await makeUser(t, 'insurer', 'insurer_other', { orgId: await secondInsurerId(t) });
  const otherService = await t.database.db
    .insertInto('sysOrg')
    .values({
      orgType: 'service',
      name: '另一家服务机构',
      createdAt: new Date(),
      updatedAt: new Date(),
      createdBy: null,
      updatedBy: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  tok.service2 = await makeUser(t, 'service', 'service_other', { orgId: otherService.id });
  policyId = await ent2Policy(t, tok as { ent2: string; insurer: string });
  ent2Id = await orgIdOf(t, 'ent2');
  prov = await providerIds(t);
  files = [
    await uploadPdf(t, tok.service!, '服务报告.pdf'),
    await uploadPdf(t, tok.service!, '隐患照片.pdf'),
  ];
});
afterAll(() => t.close());

/** The ids of a page answer. */
const ids = (r: { body: { data: unknown } }) =>
  (r.body.data as { list: Array<{ id: number }> }).list.map((x) => x.id);
/** A plan's detail as loose JSON (fields checked by the assertions). */
const planOf = async (id: number, token: string | undefined) =>
  (await detail(t, id, token!)).body.data as unknown as PlanDetail;
const fundOf = async (id: number, token: string | undefined) =>
  (await post(t, `/api/prevention/fund/detail?id=${id}`, token)).body.data as unknown as {
    fund: FundRow;
    entries: FundEntryRow[];
  };
const version = async (id: number, token = tok.insurer!) =>
  (await detail(t, id, token)).body.data.version as number;

describe('projects', () => {
  it('refuses a ratio above the cap and a fee above the accruable prevention fee, with the amounts', async () => {
    const cap = await post(
      t,
      '/api/prevention/project/add',
      tok.insurer,
      await projectBody(t, [policyId], { feeRatio: 25 }),
    );
    expect(cap.status).toBe(400);
    expect(cap.body.result).toBe('事故预防费用比例25%超过上限21%（不高于实收保费的21%），请调低比例');
    const fee = await post(
      t,
      '/api/prevention/project/add',
      tok.insurer,
      await projectBody(t, [policyId], { feeAmount: 5000 }),
    );
    expect(fee.status).toBe(400);
    expect(fee.body.result).toBe(
      '服务费金额5000.00元超过所选保单可计提的事故预防费用2280.00元（实收保费×20%）',
    );
  });

  it("another insurer cannot build on this insurer's policy (404)", async () => {
    const r = await post(t, '/api/prevention/project/add', tok.insurer2, await projectBody(t, [policyId]));
    expect(r.status).toBe(404);
  });

  it('creates a project once per Idempotency-Key (待制定计划), and a fund awaiting accrual', async () => {
    const key = idem();
    const body = await projectBody(t, [policyId]);
    const a = await post(t, '/api/prevention/project/add', tok.insurer, body, key);
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    const b = await post(t, '/api/prevention/project/add', tok.insurer, body, key);
    expect(b.body.data.id).toBe(a.body.data.id);
    expect(b.headers['idempotent-replayed']).toBe('true');
    projectId = a.body.data.id as number;
    const d = await post(t, `/api/prevention/project/detail?id=${projectId}`, tok.insurer);
    expect(d.body.data.state).toBe(1);
    expect(d.body.data.stateLabel).toBe('待制定计划');
    expect((d.body.data.providers as Array<{ orgId: number }>).map((p) => p.orgId).sort()).toEqual(
      [prov.service, prov.expert].sort(),
    );
    const list = await post(t, '/api/prevention/project/list?state=1', tok.insurer);
    expect(ids(list)).toContain(projectId);
    const dup = await post(t, '/api/prevention/project/add', tok.insurer, { ...body, name: '重复合同' });
    expect(dup.status).toBe(409);
    expect(dup.body.result).toContain('合同编号');
  });

  it('scope: the service, expert, ent2 and the regulator of 泗洪县 see it; others get 404', async () => {
    for (const u of ['insurer', 'service', 'expert', 'ent2', 'gov'])
      expect((await post(t, `/api/prevention/project/detail?id=${projectId}`, tok[u])).status, u).toBe(200);
    for (const u of ['insurer2', 'service2', 'ent', 'gov_sy'])
      expect((await post(t, `/api/prevention/project/detail?id=${projectId}`, tok[u])).status, u).toBe(404);
    // The operations admin holds no prevention permission at all.
    expect((await post(t, `/api/prevention/project/detail?id=${projectId}`, tok.admin)).status).toBe(403);
  });

  it('edits carry the version: stale → 409; another insurer → 404', async () => {
    const d = (await post(t, `/api/prevention/project/detail?id=${projectId}`, tok.insurer)).body.data;
    const body = {
      ...(await projectBody(t, [policyId])),
      contractNo: d.contractNo,
      id: projectId,
      version: d.version,
      name: '顺达建筑年度服务（修订）',
    };
    expect((await post(t, '/api/prevention/project/save', tok.insurer2, body)).status).toBe(404);
    const ok = await post(t, '/api/prevention/project/save', tok.insurer, body);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const stale = await post(t, '/api/prevention/project/save', tok.insurer, body);
    expect(stale.status).toBe(409);
  });
});

describe('plans and records', () => {
  it('the service plans a check → 进行中; the enterprise is asked to confirm', async () => {
    const wrong = await post(
      t,
      '/api/prevention/plan/add',
      tok.service,
      planBody(t, projectId, ent2Id, prov.expert),
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.result).toBe('服务机构只能为本机构制定服务计划');
    expect(
      (await post(t, '/api/prevention/plan/add', tok.service2, planBody(t, projectId, ent2Id, prov.service)))
        .status,
    ).toBe(404);
    const r = await post(
      t,
      '/api/prevention/plan/add',
      tok.service,
      planBody(t, projectId, ent2Id, prov.service),
      idem(),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    planId = r.body.data.id as number;
    const p = (await post(t, `/api/prevention/project/detail?id=${projectId}`, tok.insurer)).body.data;
    expect(p.state).toBe(2);
    const d = await planOf(planId, tok.ent2);
    expect(d.status).toBe(0);
    expect(d.visitState).toBe('unconfirmed');
    expect(d.actions.confirmVisit).toBe(true);
    const todo = await post(t, '/api/prevention/plan/list?todo=1', tok.ent2);
    expect(ids(todo)).toContain(planId);
  });

  it("a plan answers the enterprise's accepted service request in one action (已安排)", async () => {
    const req = await post(
      t,
      '/api/serviceRequest/add',
      tok.ent2,
      {
        policyId,
        item: '01',
        description: '希望为新入职员工开展安全培训',
        wishedFrom: today(t),
        contactName: '赵顺达',
        contactPhone: '13905271234',
      },
      idem(),
    );
    expect(req.status, JSON.stringify(req.body)).toBe(200);
    const reqId = req.body.data.id as number;
    const rv = (await post(t, `/api/serviceRequest/detail?id=${reqId}`, tok.insurer)).body.data.version;
    const acc = await post(t, '/api/serviceRequest/answer', tok.insurer, {
      id: reqId,
      version: rv,
      accept: true,
    });
    expect(acc.status, JSON.stringify(acc.body)).toBe(200);
    const body = planBody(t, projectId, ent2Id, prov.service, {
      item: '01',
      subType: undefined,
      name: '新员工安全培训',
    });
    const other = await post(t, '/api/prevention/plan/add', tok.insurer, {
      ...body,
      serviceRequestId: 987654,
    });
    expect(other.status).toBe(404);
    const plan = await post(
      t,
      '/api/prevention/plan/add',
      tok.insurer,
      { ...body, serviceRequestId: reqId },
      idem(),
    );
    expect(plan.status, JSON.stringify(plan.body)).toBe(200);
    const after = (await post(t, `/api/serviceRequest/detail?id=${reqId}`, tok.ent2)).body.data;
    expect(after.status).toBe('scheduled');
    expect(after.planId).toBe(plan.body.data.id);
  });

  it('the enterprise confirms the visit; a stale version is 409; another enterprise 404', async () => {
    const v = await version(planId, tok.ent2);
    expect(
      (await post(t, '/api/prevention/plan/confirmVisit', tok.ent, { id: planId, version: v })).status,
    ).toBe(404);
    const ok = await post(t, '/api/prevention/plan/confirmVisit', tok.ent2, {
      id: planId,
      version: v,
      remark: '同意',
    });
    expect(ok.status).toBe(200);
    const again = await post(t, '/api/prevention/plan/confirmVisit', tok.ent2, { id: planId, version: v });
    expect(again.status).toBe(409);
  });

  it('a draft keeps the plan open; submit needs an expert and enough fund', async () => {
    const v = await version(planId, tok.service);
    const draft = await post(
      t,
      '/api/prevention/record/save',
      tok.service,
      checkRecord(t, planId, v, files, { experts: [] }),
    );
    expect(draft.status, JSON.stringify(draft.body)).toBe(200);
    const d = await planOf(planId, tok.service);
    expect(d.status).toBe(1);
    expect(d.record?.state).toBe('draft');
    expect(d.hazards).toHaveLength(2);
    const noExpert = await post(
      t,
      '/api/prevention/record/submit',
      tok.service,
      checkRecord(t, planId, d.version, files, { experts: [] }),
    );
    expect(noExpert.status).toBe(400);
    expect(noExpert.body.result).toBe('该服务项目须至少选择一名服务专家后再提交');
    const noFund = await post(
      t,
      '/api/prevention/record/submit',
      tok.service,
      checkRecord(t, planId, d.version, files),
    );
    expect(noFund.status).toBe(400);
    expect(noFund.body.result).toBe('支出金额300.00元超过可用的事故预防费用：已计提0.00元，尚可使用0.00元');
    // Nothing changed.
    expect((await planOf(planId, tok.service)).record?.state).toBe('draft');
  });

  it('the insurer accrues (ratio ≤ cap); the record is submitted, read-only, and its spend is in the ledger', async () => {
    const over = await post(t, '/api/prevention/fund/accrue', tok.insurer, { policyId, ratio: 22 });
    expect(over.status).toBe(400);
    expect(over.body.result).toContain('超过上限21%');
    const acc = await post(t, '/api/prevention/fund/accrue', tok.insurer, { policyId, ratio: 20 });
    expect(acc.status, JSON.stringify(acc.body)).toBe(200);
    const v = await version(planId, tok.service);
    const sub = await post(t, '/api/prevention/record/submit', tok.service, checkRecord(t, planId, v, files));
    expect(sub.status, JSON.stringify(sub.body)).toBe(200);
    const d = await planOf(planId, tok.ent2);
    expect(d.status).toBe(2);
    expect(d.record?.state).toBe('submitted');
    expect(d.majorHazardCount).toBe(1);
    expect(d.actions.confirmRecord).toBe(true);
    const again = await post(
      t,
      '/api/prevention/record/save',
      tok.service,
      checkRecord(t, planId, d.version, files),
    );
    expect(again.status).toBe(409);
    const fund = await fundOf(acc.body.data.id as number, tok.insurer);
    expect(fund.fund).toMatchObject({ accrued: 2280, spent: 300, available: 1980, state: 'inUse' });
    expect(fund.entries.map((e: { kind: string }) => e.kind)).toEqual(['accrue', 'spend']);
    // The enterprise downloads the hazard photo; another enterprise cannot.
    const file = await t.call({
      method: 'GET',
      url: `/api/prevention/file?planId=${planId}&fileId=${files[1]}`,
      token: tok.ent2,
    });
    expect(file.statusCode).toBe(200);
    const other = await t.call({
      method: 'GET',
      url: `/api/prevention/file?planId=${planId}&fileId=${files[1]}`,
      token: tok.ent,
    });
    expect(other.statusCode).toBe(404);
  });

  it('the enterprise confirms the record; the service follows up once', async () => {
    const v = await version(planId, tok.ent2);
    expect(
      (await post(t, '/api/prevention/record/confirm', tok.ent2, { planId, version: v, opinion: '情况属实' }))
        .status,
    ).toBe(200);
    const v2 = await version(planId, tok.service);
    const fu = {
      planId,
      version: v2,
      visitedAt: '2020-01-01 10:00',
      cooperation: 5,
      rating: 4,
      opinion: '满意',
    };
    expect((await post(t, '/api/prevention/record/followUp', tok.ent2, fu)).status).toBe(404);
    expect((await post(t, '/api/prevention/record/followUp', tok.service, fu)).status).toBe(200);
    const dup = await post(t, '/api/prevention/record/followUp', tok.service, { ...fu, version: v2 + 1 });
    expect(dup.status).toBe(409);
    expect(dup.body.result).toBe('该服务已回访');
  });

  it('lists: the regulator of the district finds it, another district does not; hazards are listed', async () => {
    const gov = await post(t, '/api/prevention/plan/list?districtCode=321324&item=03', tok.gov);
    expect(ids(gov)).toContain(planId);
    const sy = await post(t, '/api/prevention/plan/list', tok.gov_sy);
    expect(ids(sy)).not.toContain(planId);
    expect((await detail(t, planId, tok.gov_sy!)).status).toBe(404);
    const hz = await post(t, `/api/prevention/hazard/list?planId=${planId}`, tok.gov);
    expect(hz.body.data.total).toBe(2);
    const exp = await t.call({
      method: 'GET',
      url: '/api/prevention/plan/export?districtCode=321324',
      token: tok.gov,
    });
    expect(exp.statusCode).toBe(200);
    expect(exp.headers['content-type']).toContain('spreadsheetml');
    expect(exp.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});

describe('the fund ledger', () => {
  let fundId: number;
  it('a spend beyond the accrual is refused naming both amounts; a reversal corrects, once', async () => {
    const list = await post(t, '/api/prevention/fund/list', tok.insurer);
    fundId = (list.body.data as unknown as { list: FundRow[] }).list.find((f) => f.policyId === policyId)!.id;
    const over = await post(t, '/api/prevention/fund/spend', tok.insurer, {
      policyId,
      amount: 2000,
      occurredOn: '2026-01-05',
      description: '购买培训教材',
    });
    expect(over.status).toBe(400);
    expect(over.body.result).toBe(
      '支出金额2000.00元超过可用的事故预防费用：已计提2280.00元，尚可使用1980.00元',
    );
    const spend = await post(t, '/api/prevention/fund/spend', tok.insurer, {
      policyId,
      amount: 100,
      occurredOn: '2026-01-05',
      description: '购买培训教材',
    });
    expect(spend.status).toBe(200);
    expect(
      (
        await post(t, '/api/prevention/fund/reverse', tok.insurer2, {
          entryId: spend.body.data.id,
          reason: '录错',
        })
      ).status,
    ).toBe(404);
    const rev = await post(t, '/api/prevention/fund/reverse', tok.insurer, {
      entryId: spend.body.data.id,
      reason: '金额录错',
    });
    expect(rev.status).toBe(200);
    const twice = await post(t, '/api/prevention/fund/reverse', tok.insurer, {
      entryId: spend.body.data.id,
      reason: '再冲',
    });
    expect(twice.status).toBe(409);
    const d = await fundOf(fundId, tok.insurer);
    expect(d.fund.spent).toBe(300);
    expect(d.entries.map((e: { kind: string; amount: number }) => `${e.kind}:${e.amount}`)).toEqual([
      'accrue:2280',
      'spend:300',
      'spend:100',
      'reverse:-100',
    ]);
    // The regulator of the district reads it; the other district and the other insurer do not.
    expect((await post(t, `/api/prevention/fund/detail?id=${fundId}`, tok.gov)).status).toBe(200);
    expect((await post(t, `/api/prevention/fund/detail?id=${fundId}`, tok.gov_sy)).status).toBe(404);
    expect((await post(t, `/api/prevention/fund/detail?id=${fundId}`, tok.insurer2)).status).toBe(404);
  });

  it('entries are never changed or deleted (the database refuses)', async () => {
    await expect(
      sql`DELETE FROM ap_fund_entry WHERE fund_id = ${fundId}`.execute(t.database.db),
    ).rejects.toThrow(/append-only/);
    await expect(
      sql`UPDATE ap_fund_entry SET amount = 0 WHERE fund_id = ${fundId}`.execute(t.database.db),
    ).rejects.toThrow(/append-only/);
  });

  it('a write-off waits for the end of the policy period; the ledger exports', async () => {
    const f = (await fundOf(fundId, tok.insurer)).fund;
    const early = await post(t, '/api/prevention/fund/writeOff', tok.insurer, {
      id: fundId,
      version: f.version,
    });
    expect(early.status).toBe(400);
    expect(early.body.result).toContain('期满后才能核销');
    const exp = await t.call({ method: 'GET', url: '/api/prevention/fund/export', token: tok.insurer });
    expect(exp.statusCode).toBe(200);
    expect(exp.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});

describe('overview, statement, workbench', () => {
  it('the regulator sees services, hazards and the fund by district', async () => {
    const year = Number(new Date(t.clock.now().getTime() + 8 * 3600_000).toISOString().slice(0, 4));
    const o = await post(t, `/api/prevention/overview?districtCode=321324&year=${year}`, tok.gov);
    expect(o.status, JSON.stringify(o.body)).toBe(200);
    const sh = (o.body.data as unknown as PreventionOverview).byDistrict.find((d) => d.code === '321324')!;
    expect(sh.done).toBeGreaterThanOrEqual(1);
    expect(sh.hazards).toBeGreaterThanOrEqual(2);
    expect(sh.accrued).toBeGreaterThanOrEqual(2280);
    expect((await post(t, '/api/prevention/overview', tok.service)).status).toBe(404);
    const ps = await post(t, '/api/prevention/providerSummary', tok.gov);
    expect(
      (ps.body.data as unknown as { list: Array<{ orgId: number; followUps: number }> }).list.some(
        (r) => r.orgId === prov.service && r.followUps >= 1,
      ),
    ).toBe(true);
  });

  it("the insurer's 预防数据 (DataAp) counts the completed services and their spend", async () => {
    const r = await post(t, '/api/insuranceData/ap?groupBy=district', tok.insurer);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const data = r.body.data as unknown as {
      columns: Array<{ key: string; label: string }>;
      rows: Array<{ key: string; servicesDone: number; serviceSpend: number }>;
    };
    expect(data.columns.map((c) => c.label)).toContain('已完成服务次数');
    const sh = data.rows.find((x) => x.key === '321324')!;
    expect(sh.servicesDone).toBeGreaterThanOrEqual(1);
    expect(sh.serviceSpend).toBeGreaterThanOrEqual(300);
  });

  it('the service organisation has its statement and workbench; the insurer has neither', async () => {
    const year = Number(
      new Date(t.clock.now().getTime() + 8 * 3600_000 + 86_400_000).toISOString().slice(0, 4),
    );
    const s = await post(t, `/api/prevention/statement?year=${year}&groupBy=item`, tok.service);
    expect(s.status, JSON.stringify(s.body)).toBe(200);
    expect(
      (s.body.data as unknown as Statement).rows.find((r) => r.key === '03')?.spend,
    ).toBeGreaterThanOrEqual(300);
    expect((await post(t, `/api/prevention/statement?year=${year}`, tok.insurer)).status).toBe(403);
    const w = await post(t, '/api/prevention/workbench', tok.service);
    expect(w.status).toBe(200);
    expect((w.body.data as unknown as { counts: { done: number } }).counts.done).toBeGreaterThanOrEqual(1);
  });
});

describe('data exchange', () => {
  it('projects and completed records join the push, in the service account’s scope, oldest change first', async () => {
    const gov: Actor = {
      kind: 'government',
      orgId: null,
      userId: 0,
      name: '推送',
      orgName: '',
      districts: ['321324'],
    };
    const later = new Date(t.clock.now().getTime() + 3600_000);
    const projects = await changedApProjects(t.database.db, gov, null, later, 500);
    const p = projects?.items.find((x) => x.id === projectId) as Record<string, unknown> | undefined;
    expect(p?.contractNo).toBeTruthy();
    expect((p?.providers as unknown[] | undefined)?.length).toBe(2);
    const records = await changedApRecords(t.database.db, gov, null, later, 500);
    const r = records?.items.find((x) => x.id === planId) as
      | { hazards: unknown[]; recordState: string }
      | undefined;
    expect(r?.recordState).toBe('confirmed');
    expect(r?.hazards).toHaveLength(2);
    // Another district's regulator account pushes none of it.
    const sy: Actor = { ...gov, districts: ['321323'] };
    const other = await changedApRecords(t.database.db, sy, null, later, 500);
    expect(other?.items.some((x) => x.id === planId) ?? false).toBe(false);
  });
});
