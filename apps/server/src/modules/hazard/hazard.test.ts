import { addDays } from '@aqzrx/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import {
  hazardOf,
  hazardTokens,
  orgIdOf,
  planBody,
  post,
  rectifyBody,
  reviewBody,
  submittedCheck,
  type Tokens,
  today,
  uploadPdf,
  versionOf,
} from './hazard.testkit.ts';

/**
 * The rectification machine through the API (domain 3.6, spec 4 codes): a service organisation's check of
 * ent2 with a major hazard, general ones and one fixed immediately; rectify → reject → rework → plan →
 * pass; self-checks and insurer checks; every state × action × role that must be refused; scope 404s.
 */
const DAY = 86_400_000;
let t: TestContext;
let tok: Tokens;
let ids: number[];
let day: string;
let ent2Id: number;

async function relogin(days: number) {
  t.clock.advance(days * DAY);
  await t.database.db.updateTable('sysUser').set({ passwordChangedAt: t.clock.now() }).execute();
  tok = await hazardTokens(t, true);
}

beforeAll(async () => {
  t = await createTestContext({ LOGIN_RATE_MAX: '1000', API_RATE_MAX: '100000' });
  tok = await hazardTokens(t);
  ent2Id = await orgIdOf(t, 'ent2');
  ({ ids, day } = await submittedCheck(t, tok));
  // The check was two days ahead: move past it so rectification dates are not before the check.
  await relogin(3);
});
afterAll(() => t.close());

const todoOf = async (username: string, event: string, id: number) =>
  t.database.db
    .selectFrom('sysMessage as m')
    .innerJoin('sysUser as u', 'u.id', 'm.userId')
    .select(['m.kind', 'm.doneAt', 'm.link'])
    .where('u.username', '=', username)
    .where('m.event', '=', event)
    .where('m.bizType', '=', 'hazard')
    .where('m.bizId', '=', String(id))
    .execute();

describe('registration from a service check', () => {
  it('the submitted record puts its hazards into rectification: −1, a fix-immediately one straight at 0', async () => {
    const list = await post(t, `/api/hazard/list?enterpriseId=${ent2Id}&pageSize=50`, tok.ent2);
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.data.total).toBe(6);
    const byId = new Map((list.body.data.list as Array<Record<string, unknown>>).map((h) => [h.id, h]));
    expect(byId.get(ids[0])).toMatchObject({
      level: 2,
      majorFlag: 1,
      rectifyStatus: -1,
      source: 1,
      statCode: '1-0',
    });
    expect(byId.get(ids[1])).toMatchObject({ level: 1, majorFlag: 0, rectifyStatus: -1, statCode: '0-0' });
    expect(byId.get(ids[5])).toMatchObject({
      fixImmediately: true,
      rectifyStatus: 0,
      rectifyStatusLabel: '待审核',
    });
    expect(byId.get(ids[0])!.finderOrgName).not.toBe('');
  });

  it('the major one is reported at once: a to-do for the regulators of 泗洪县 (gov), none for 泗阳县 (gov_sy)', async () => {
    const gov = await todoOf('gov', 'hazard.majorReported', ids[0]!);
    expect(gov).toHaveLength(1);
    expect(gov[0]).toMatchObject({
      kind: 'todo',
      doneAt: null,
      link: `/government/govAp/GovApDispose/route?id=${ids[0]}`,
    });
    expect(await todoOf('gov_sy', 'hazard.majorReported', ids[0]!)).toHaveLength(0);
    expect(await todoOf('ent2', 'hazard.registered', ids[0]!)).toHaveLength(1);
    // The service organisation fixed ids[5] on the spot itself: no to-do for the one who acted.
    expect(await todoOf('service', 'hazard.submitted', ids[5]!)).toHaveLength(0);
  });

  it("ent2's risk level counts the open major hazard and the score's parameter is system-judged", async () => {
    const risk = await t.database.db
      .selectFrom('entRisk')
      .selectAll()
      .where('enterpriseId', '=', ent2Id)
      .executeTakeFirstOrThrow();
    expect(risk.openMajorHazards).toBe(1);
    expect(risk.openHazards).toBe(6);
    expect(risk.reason).toContain('未整改重大隐患数≥1（+40）');
    const params = await post(t, `/api/enterprise/params?id=${ent2Id}`, tok.gov);
    expect(params.status, JSON.stringify(params.body)).toBe(200);
    const major = (params.body.data.params as Array<Record<string, unknown>>).find(
      (p) => p.key === 'majorHazards',
    );
    expect(major).toMatchObject({ systemValue: 1, value: 1 });
  });
});

describe('the rectification machine', () => {
  it('refuses every action a role or state does not allow, changing nothing', async () => {
    // States: ids[1] −1 待整改, ids[5] 0 待审核; then ids[2] is taken to 2 已驳回 and ids[3] to 1 已完成.
    const r2 = await post(t, '/api/hazard/rectify', tok.ent2, await rectifyBody(t, tok, ids[2]!));
    expect(r2.status, JSON.stringify(r2.body)).toBe(200);
    expect(
      (await post(t, '/api/hazard/review', tok.service, await reviewBody(t, ids[2]!, 'reject'))).status,
    ).toBe(200);
    expect((await post(t, '/api/hazard/rectify', tok.ent2, await rectifyBody(t, tok, ids[3]!))).status).toBe(
      200,
    );
    expect(
      (await post(t, '/api/hazard/review', tok.service, await reviewBody(t, ids[3]!, 'pass'))).status,
    ).toBe(200);
    const states: Record<number, number> = { [-1]: ids[1]!, 0: ids[5]!, 1: ids[3]!, 2: ids[2]! };
    const allowed: Record<string, number[]> = { rectify: [-1, 2], pass: [0], reject: [0] };
    const actor: Record<string, string> = { rectify: 'ent2', pass: 'service', reject: 'service' };
    for (const [status, id] of Object.entries(states)) {
      for (const action of ['rectify', 'pass', 'reject'] as const) {
        for (const role of ['ent2', 'service', 'insurer', 'gov'] as const) {
          const mayAct = role === actor[action];
          const stateOk = allowed[action]!.includes(Number(status));
          if (mayAct && stateOk) continue; // the successful ones are walked in the flow below
          const before = await versionOf(t, id);
          const res =
            action === 'rectify'
              ? await post(t, '/api/hazard/rectify', tok[role], await rectifyBody(t, tok, id))
              : await post(t, '/api/hazard/review', tok[role], await reviewBody(t, id, action));
          const expected = mayAct ? 409 : 404;
          expect(res.status, `${role} ${action} at ${status}: ${JSON.stringify(res.body)}`).toBe(expected);
          if (expected === 409) expect(res.body.result).toContain('该隐患当前为');
          expect(await versionOf(t, id)).toBe(before);
        }
      }
    }
  });

  it('a major hazard: submitted, pass refused without a governance plan, rejected, reworked, planned, passed', async () => {
    const id = ids[0]!;
    t.clock.advance(60_000);
    const sub = await post(t, '/api/hazard/rectify', tok.ent2, await rectifyBody(t, tok, id));
    expect(sub.status, JSON.stringify(sub.body)).toBe(200);
    expect((await todoOf('ent2', 'hazard.registered', id))[0]!.doneAt).not.toBeNull();
    expect(await todoOf('service', 'hazard.submitted', id)).toHaveLength(1);

    const early = await post(t, '/api/hazard/review', tok.service, await reviewBody(t, id, 'pass'));
    expect(early.status).toBe(409);
    expect(early.body.result).toBe('重大隐患须先由企业制定治理方案，才能通过验收');

    const noReason = await post(
      t,
      '/api/hazard/review',
      tok.service,
      await reviewBody(t, id, 'reject', { reason: '' }),
    );
    expect(noReason.status).toBe(400);
    expect(noReason.body.result).toContain('请填写驳回原因');

    t.clock.advance(60_000);
    const rej = await post(t, '/api/hazard/review', tok.service, await reviewBody(t, id, 'reject'));
    expect(rej.status).toBe(200);
    let d = (await hazardOf(t, id, tok.ent2)).body.data as unknown as Record<string, unknown> & {
      rectifications: Array<Record<string, unknown>>;
    };
    expect(d).toMatchObject({
      rectifyStatus: 2,
      rejectCount: 1,
      reworkCount: 0,
      actions: { rectify: true, governancePlan: true, review: false },
    });
    expect(await todoOf('ent2', 'hazard.rejected', id)).toHaveLength(1);

    t.clock.advance(60_000);
    const rework = await post(t, '/api/hazard/rectify', tok.ent2, await rectifyBody(t, tok, id));
    expect(rework.status).toBe(200);
    t.clock.advance(60_000);
    const plan = await post(t, '/api/hazard/governance-plan', tok.ent2, await planBody(t, id));
    expect(plan.status, JSON.stringify(plan.body)).toBe(200);
    t.clock.advance(60_000);
    const pass = await post(t, '/api/hazard/review', tok.service, await reviewBody(t, id, 'pass'));
    expect(pass.status, JSON.stringify(pass.body)).toBe(200);
    d = (await hazardOf(t, id, tok.gov)).body.data as unknown as typeof d & {
      rectifications: Array<Record<string, unknown>>;
    };
    expect(d).toMatchObject({
      rectifyStatus: 1,
      statCode: '1-1',
      reworkCount: 1,
      rejectCount: 1,
      hasGovernancePlan: true,
      overdue: false,
    });
    expect(d.rectifications).toHaveLength(2);
    expect(d.rectifications[0]).toMatchObject({ result: 'reject', rejectReason: '照片不清晰，未见禁放标识' });
    expect(d.rectifications[1]).toMatchObject({ result: 'pass' });
    expect(d.governancePlan).toMatchObject({
      principal: '赵顺达',
      objectives: '彻底消除仓库安全出口堵塞隐患',
    });
    expect((d.timeline as Array<{ event: string }>).map((e) => e.event)).toEqual([
      'registered',
      'reported',
      'submitted',
      'rejected',
      'submitted',
      'plan',
      'passed',
    ]);
    // The regulator's report to-do is done once the hazard is completed; the enterprise is told.
    expect((await todoOf('gov', 'hazard.majorReported', id)).every((m) => m.doneAt !== null)).toBe(true);
    expect(await todoOf('ent2', 'hazard.completed', id)).toHaveLength(1);
    const risk = await t.database.db
      .selectFrom('entRisk')
      .selectAll()
      .where('enterpriseId', '=', ent2Id)
      .executeTakeFirstOrThrow();
    expect(risk.openMajorHazards).toBe(0);
  });

  it('a governance plan only for a major hazard, with all seven parts; a stale version is 409', async () => {
    const general = await post(t, '/api/hazard/governance-plan', tok.ent2, await planBody(t, ids[1]!));
    expect(general.status).toBe(409);
    expect(general.body.result).toBe('只有重大隐患需要制定治理方案');
    const missing = await post(
      t,
      '/api/hazard/governance-plan',
      tok.ent2,
      await planBody(t, ids[1]!, { contingency: '' }),
    );
    expect(missing.status).toBe(400);
    expect(missing.body.result).toContain('请填写应急预案');
    const stale = await post(
      t,
      '/api/hazard/rectify',
      tok.ent2,
      await rectifyBody(t, tok, ids[1]!, { version: 1 + (await versionOf(t, ids[1]!)) }),
    );
    expect(stale.status).toBe(409);
  });

  it('rectification needs a photo and a date not before the check', async () => {
    const noPhoto = await post(
      t,
      '/api/hazard/rectify',
      tok.ent2,
      await rectifyBody(t, tok, ids[1]!, { photos: [] }),
    );
    expect(noPhoto.status).toBe(400);
    expect(noPhoto.body.result).toContain('请上传至少1张整改照片');
    const early = await post(
      t,
      '/api/hazard/rectify',
      tok.ent2,
      await rectifyBody(t, tok, ids[1]!, { rectifiedOn: addDays(day, -1) }),
    );
    expect(early.status).toBe(400);
    expect(early.body.result).toBe('整改日期不能早于隐患检查日期');
  });
});

describe('scope', () => {
  it('a non-owner of the same role gets 404 for the detail and for every write', async () => {
    for (const u of ['ent', 'gov_sy', 'expert', 'coins'] as const) {
      expect((await hazardOf(t, ids[1]!, tok[u])).status, u).toBe(404);
    }
    const before = await versionOf(t, ids[1]!);
    expect((await post(t, '/api/hazard/rectify', tok.ent, await rectifyBody(t, tok, ids[1]!))).status).toBe(
      404,
    );
    expect(
      (await post(t, '/api/hazard/review', tok.expert, await reviewBody(t, ids[5]!, 'pass'))).status,
    ).toBe(404);
    const handle = {
      id: ids[1],
      version: before,
      kind: 'urge',
      handledOn: today(t),
      description: '督促限期整改',
    };
    expect((await post(t, '/api/hazard/handle', tok.gov_sy, handle)).status).toBe(404);
    expect(await versionOf(t, ids[1]!)).toBe(before);
    const list = await post(t, '/api/hazard/list?pageSize=50', tok.ent);
    expect(
      (list.body.data.list as Array<{ enterpriseId: number }>).some((h) => h.enterpriseId === ent2Id),
    ).toBe(false);
  });
});

describe('self-checks and insurer checks', () => {
  const selfCheck = (over: Record<string, unknown> = {}) => ({
    checkDate: today(t),
    description: '车间二楼消防通道堆放纸箱',
    level: 1,
    foundBy: '赵顺达',
    rectifyDept: '生产部',
    deadline: addDays(today(t), 3),
    acceptDept: '安全部',
    ...over,
  });

  it('ent2 registers a self-check; its acceptance post passes the rectification', async () => {
    const bad = await post(
      t,
      '/api/hazard/self-check',
      tok.ent2,
      selfCheck({ level: 2, fixImmediately: true, deadline: null }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.result).toBe('重大隐患不能选择立即整改，请设定限时整改日期并制定治理方案');
    const noDeadline = await post(t, '/api/hazard/self-check', tok.ent2, selfCheck({ deadline: null }));
    expect(noDeadline.status).toBe(400);
    expect(noDeadline.body.result).toContain('请填写限时整改日期');
    const res = await post(t, '/api/hazard/self-check', tok.ent2, selfCheck());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const id = res.body.data.id as number;
    expect((await hazardOf(t, id, tok.ent2)).body.data).toMatchObject({
      source: 3,
      rectifyStatus: -1,
      finderOrgId: ent2Id,
    });
    expect((await hazardOf(t, id, tok.service)).status).toBe(404);
    expect((await post(t, '/api/hazard/rectify', tok.ent2, await rectifyBody(t, tok, id))).status).toBe(200);
    expect((await post(t, '/api/hazard/review', tok.service, await reviewBody(t, id, 'pass'))).status).toBe(
      404,
    );
    const pass = await post(
      t,
      '/api/hazard/review',
      tok.ent2,
      await reviewBody(t, id, 'pass', { reviewer: '安全部 李验收' }),
    );
    expect(pass.status, JSON.stringify(pass.body)).toBe(200);
    expect((await hazardOf(t, id, tok.ent2)).body.data.rectifyStatus).toBe(1);
  });

  it('the insurer checks an enterprise it insures; another insurer gets 404', async () => {
    const body = { enterpriseId: ent2Id, ...selfCheck({ foundBy: '人保风控 周工' }) };
    expect((await post(t, '/api/hazard/insurer-check', tok.coins, body)).status).toBe(404);
    const res = await post(t, '/api/hazard/insurer-check', tok.insurer, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const id = res.body.data.id as number;
    expect((await post(t, '/api/hazard/rectify', tok.ent2, await rectifyBody(t, tok, id))).status).toBe(200);
    expect((await post(t, '/api/hazard/review', tok.service, await reviewBody(t, id, 'pass'))).status).toBe(
      404,
    );
    expect((await post(t, '/api/hazard/review', tok.insurer, await reviewBody(t, id, 'reject'))).status).toBe(
      200,
    );
    const list = await post(t, '/api/hazard/list?source=2&rectifyStatus=2', tok.insurer);
    expect((list.body.data.list as Array<{ id: number }>).map((h) => h.id)).toContain(id);
  });

  it('photos must be the uploader’s own files', async () => {
    const other = await uploadPdf(t, tok.ent, '别人的照片.pdf');
    const res = await post(t, '/api/hazard/self-check', tok.ent2, selfCheck({ photos: [other] }));
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});

describe('overdue and the regulator', () => {
  it('past the deadline a hazard is overdue everywhere it is listed and on the disposal list', async () => {
    await relogin(10);
    const d = (await hazardOf(t, ids[1]!, tok.gov)).body.data;
    expect(d).toMatchObject({ overdue: true, rectifyStatus: -1 });
    expect(d.overdueDays).toBeGreaterThan(0);
    expect(d.disposeReasons).toEqual(['overdue']);
    const dispose = await post(
      t,
      `/api/hazard/dispose-list?disposeReason=overdue&enterpriseId=${ent2Id}&pageSize=50`,
      tok.gov,
    );
    expect(dispose.status).toBe(200);
    expect((dispose.body.data.list as Array<{ id: number }>).map((h) => h.id)).toContain(ids[1]);
    const ov = await post(t, '/api/hazard/list?overdue=true&pageSize=50', tok.ent2);
    expect((ov.body.data.list as Array<{ id: number; overdue: boolean }>).every((h) => h.overdue)).toBe(true);
    expect((ov.body.data.list as Array<{ id: number }>).map((h) => h.id)).not.toContain(ids[3]);
  });

  it('the regulator urges, fines with an amount, and closes; a penalty needs its amount', async () => {
    const id = ids[1]!;
    const base = { handledOn: today(t), description: '督促企业限期整改' };
    const noAmount = await post(t, '/api/hazard/handle', tok.gov, {
      id,
      version: await versionOf(t, id),
      kind: 'penalty',
      ...base,
    });
    expect(noAmount.status).toBe(400);
    expect(noAmount.body.result).toContain('行政处罚须填写处罚金额');
    expect(
      (
        await post(t, '/api/hazard/handle', tok.gov, {
          id,
          version: await versionOf(t, id),
          kind: 'urge',
          ...base,
        })
      ).status,
    ).toBe(200);
    const fine = await post(t, '/api/hazard/handle', tok.gov, {
      id,
      version: await versionOf(t, id),
      kind: 'penalty',
      ...base,
      penaltyAmount: 20000,
    });
    expect(fine.status, JSON.stringify(fine.body)).toBe(200);
    expect(
      (
        await post(t, '/api/hazard/handle', tok.gov, {
          id,
          version: await versionOf(t, id),
          kind: 'close',
          ...base,
        })
      ).status,
    ).toBe(200);
    const again = await post(t, '/api/hazard/handle', tok.gov, {
      id,
      version: await versionOf(t, id),
      kind: 'urge',
      ...base,
    });
    expect(again.status).toBe(400);
    const d = (await hazardOf(t, id, tok.gov)).body.data as unknown as {
      handlings: Array<{ kind: string; penaltyAmount: number | null }>;
      disposeReasons: string[];
    };
    expect(
      d.handlings.map((h: { kind: string; penaltyAmount: number | null }) => [h.kind, h.penaltyAmount]),
    ).toEqual([
      ['urge', null],
      ['penalty', 20000],
      ['close', null],
    ]);
    expect(d.disposeReasons).toEqual([]);
    const dispose = await post(t, `/api/hazard/dispose-list?enterpriseId=${ent2Id}&pageSize=100`, tok.gov);
    expect((dispose.body.data.list as Array<{ id: number }>).map((h) => h.id)).not.toContain(id);
    expect(await todoOf('ent2', 'hazard.handled', id)).toHaveLength(3);
  });

  it('statistics by the spec 4 codes', async () => {
    const s = await t.call({
      method: 'GET',
      url: `/api/hazard/stats?enterpriseId=${ent2Id}`,
      token: tok.gov,
    });
    expect(s.statusCode).toBe(200);
    const data = s.json().data;
    const code = (c: string) => data.byCode.find((x: { code: string }) => x.code === c).value;
    expect(code('1-1')).toBe(1);
    expect(code('1-0')).toBe(0);
    expect(code('0-1')).toBe(data.generalRectified);
    expect(data.total).toBe(data.general + data.major);
    expect(data.overdue).toBeGreaterThan(0);
  });
});
