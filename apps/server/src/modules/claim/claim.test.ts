import type { ClaimDetail } from '@aqzrx/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/helpers.ts';
import { idem, orgIdOf, post } from '../policy/policy.testkit.ts';
import { type ClaimKit, openClaimKit } from './claim.testkit.ts';

let t: TestContext;
let ent2: string;
let insurer: string;
let gov: string;
let policyId: number;
let nextAccident: ClaimKit['nextAccident'];
let report: ClaimKit['report'];
let detail: ClaimKit['detail'];
let step: ClaimKit['step'];
const hour = 3600_000;
const iso = (ms: number) => new Date(ms).toISOString();

beforeAll(async () => {
  const k = await openClaimKit();
  ({ t, policyId, nextAccident, report, detail, step } = k);
  ({ ent2, insurer, gov } = k.tok);
});
afterAll(() => t.close());

describe('report (step 1)', () => {
  it('the enterprise reports once per Idempotency-Key; the timeline starts with who and when', async () => {
    const key = idem();
    const accidentAt = nextAccident();
    const a = await report(ent2, { accidentAt }, key);
    expect(a.status).toBe(200);
    const b = await report(ent2, { accidentAt }, key);
    expect(b.body.data.id).toBe(a.body.data.id);
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect((await report(ent2, { accidentAt, deaths: 1 }, key)).status).toBe(422);
    const n = await t.database.db
      .selectFrom('insClaim')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('policyId', '=', policyId)
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(1);
    const d = await detail(ent2, a.body.data.id as number);
    expect(d.body.data).toMatchObject({ phase: 'reported', step: 1, stepLabel: '报案', lateReport: false });
    expect(d.body.data.timeline).toHaveLength(1);
    expect((d.body.data.timeline as Array<{ actorOrgName: string }>)[0]!.actorOrgName).toBe(
      '泗洪县顺达建筑工程有限公司',
    );
    expect(d.body.data.actions).toMatchObject({ steps: [2], satisfaction: false });
    expect((await post(t, '/api/claim/add', ent2, { policyId })).status).toBe(400);
  });

  it('refuses accidents in the future, reports before the accident and accidents outside the cover', async () => {
    let r = await report(ent2, { accidentAt: iso(t.clock.now().getTime() + hour) });
    expect(r.status).toBe(400);
    expect(r.body.result).toContain('出险时间不能晚于当前时间');
    r = await report(ent2, { reportedAt: iso(t.clock.now().getTime() - 6 * hour) });
    expect(r.body.result).toContain('报案时间不能早于出险时间');
    r = await report(ent2, { accidentAt: iso(t.clock.now().getTime() - 30 * 86_400_000) });
    expect(r.status).toBe(409);
    expect(r.body.result).toContain('不在保险期间内');
    r = await report(ent2, { reporterPhone: '12345' });
    expect(r.status).toBe(400);
  });

  it('a report later than the configured deadline is flagged', async () => {
    // The default deadline is 30 days (720 h): a report 3 days after the accident is in time.
    const settings = t.app.deps.settings;
    const insurance = await settings.get('insurance');
    expect(insurance.reportDeadlineHours).toBe(720);
    const inTime = await report(ent2, { accidentAt: iso(t.clock.now().getTime() - 72 * hour) });
    expect((await detail(insurer, inTime.body.data.id as number)).body.data.lateReport).toBe(false);
    // With a 48-hour deadline configured, the same delay is late.
    await settings.set(t.database.db, 'insurance', { ...insurance, reportDeadlineHours: 48 }, null);
    try {
      const r = await report(ent2, { accidentAt: iso(t.clock.now().getTime() - 72 * hour - 60_000) });
      const d = await detail(insurer, r.body.data.id as number);
      expect(d.body.data.lateReport).toBe(true);
      const late = await post(t, '/api/claim/list?flag=late&pageSize=100', insurer);
      expect(late.body.data.page.list.map((c) => c.id)).toContain(r.body.data.id);
      expect(late.body.data.page.list.every((c) => c.lateReport === true)).toBe(true);
    } finally {
      await settings.set(t.database.db, 'insurance', insurance, null);
    }
  });
});

describe('the same accident reported twice (issue 11)', () => {
  const claimsOfPolicy = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('insClaim')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('policyId', '=', policyId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('a report matching an open claim of the policy and accident time answers 409 naming it, until confirmed', async () => {
    // 10 seconds into a minute nine hours ago.
    const at = iso(Math.floor((t.clock.now().getTime() - 9 * hour) / 60_000) * 60_000 + 10_000);
    const first = await report(ent2, { accidentAt: at });
    expect(first.status).toBe(200);
    const firstId = first.body.data.id as number;
    const firstNo = (await detail(ent2, firstId)).body.data.reportNo as string;
    const before = await claimsOfPolicy();
    // Same policy, time, address and description: refused, the existing claim named, nothing created.
    const again = await report(ent2, { accidentAt: at });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('DUPLICATE_CLAIM');
    expect(again.body.result).toContain(firstNo);
    expect(again.body.data).toEqual({ duplicateOf: { id: firstId, reportNo: firstNo } });
    // The same minute with other seconds is the same accident time; the insurer reporting for the
    // enterprise is warned alike.
    const byInsurer = await report(insurer, { accidentAt: iso(Date.parse(at) + 25_000) });
    expect(byInsurer.status).toBe(409);
    expect(byInsurer.body.result).toContain(firstNo);
    expect(await claimsOfPolicy()).toBe(before);
    // Another minute is another accident.
    expect((await report(ent2, { accidentAt: iso(Date.parse(at) - 60_000) })).status).toBe(200);
    // Confirmed (a second accident at the same time): created.
    const confirmed = await report(ent2, { accidentAt: at, confirmDuplicate: true });
    expect(confirmed.status).toBe(200);
    expect(await claimsOfPolicy()).toBe(before + 2);
    // Once the open claims of that time are withdrawn, a new report of it is not questioned.
    for (const id of [firstId, confirmed.body.data.id as number])
      expect((await step(ent2, id, { step: 2, reason: '重复报案，撤案' })).status).toBe(200);
    expect((await report(ent2, { accidentAt: at })).status).toBe(200);
    expect((await report(ent2, { accidentAt: at, confirmDuplicate: 'yes' })).status).toBe(400);
  });
});

describe('enterprise status 3 (information incomplete)', () => {
  it('an enterprise whose information is incomplete cannot report; nothing is created', async () => {
    const ent2Id = await orgIdOf(t, 'ent2');
    const claims = async () =>
      Number(
        (
          await t.database.db
            .selectFrom('insClaim')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('enterpriseId', '=', ent2Id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await claims();
    const flag = (infoComplete: boolean) =>
      t.database.db.updateTable('insEnterprise').set({ infoComplete }).where('id', '=', ent2Id).execute();
    await flag(false);
    try {
      const r = await report(ent2);
      expect(r.status).toBe(409);
      expect(r.body.result).toBe('请先完善企业信息后再报案');
      expect(await claims()).toBe(before);
    } finally {
      await flag(true);
    }
    expect((await report(ent2)).status).toBe(200);
  });
});

describe('the eight steps from report to close', () => {
  let id: number;
  it('walks report → register → survey (twice) → advance → assess → payout → close → satisfaction', async () => {
    id = (await report(ent2)).body.data.id as number;
    // The enterprise cannot register; the insurer can.
    const byEnt = await step(ent2, id, {
      step: 3,
      accidentType: '09',
      accidentLevel: 1,
      cause: '未系安全带',
      estimatedLoss: 50000,
    });
    expect(byEnt.status).toBe(403);
    // Not before the report time.
    const early = await step(insurer, id, {
      step: 3,
      at: iso(t.clock.now().getTime() - 10 * hour),
      accidentType: '09',
      accidentLevel: 1,
      cause: '未系安全带',
      estimatedLoss: 50000,
    });
    expect(early.status).toBe(400);
    expect(early.body.result).toContain('不能早于上一环节');
    const future = await step(insurer, id, {
      step: 3,
      at: iso(t.clock.now().getTime() + hour),
      accidentType: '09',
      accidentLevel: 1,
      cause: 'x1',
      estimatedLoss: 1,
    });
    expect(future.body.result).toContain('不能晚于当前时间');
    // Payout before assessment is refused by the state machine.
    expect(
      (await step(insurer, id, { step: 7, total: 1, fees: [{ category: '05', amount: 1 }] })).status,
    ).toBe(409);
    const reg = await step(insurer, id, {
      step: 3,
      accidentType: '09',
      accidentLevel: 1,
      cause: '未系安全带',
      estimatedLoss: 50000,
    });
    expect(reg.status).toBe(200);
    for (let i = 0; i < 2; i++) {
      const s = await step(insurer, id, {
        step: 5,
        surveyorName: '孙查勘',
        surveyorPhone: '13905270000',
        description: `第${i + 1}次查勘`,
      });
      expect(s.status).toBe(200);
    }
    const adv = await step(insurer, id, {
      step: 4,
      payType: 1,
      amount: 10000,
      payee: '泗洪县顺达建筑工程有限公司',
    });
    expect(adv.status).toBe(200);
    // With money paid the enterprise can no longer withdraw.
    const wd = await step(ent2, id, { step: 2, reason: '不想理赔了' });
    expect(wd.status).toBe(409);
    expect(wd.body.result).toContain('已有付款');
    const badSum = await step(insurer, id, {
      step: 6,
      items: [
        { category: '01', amount: 30000 },
        { category: '05', amount: 8000 },
      ],
      total: 40000,
    });
    expect(badSum.status).toBe(400);
    expect(badSum.body.result).toContain('须等于各项之和');
    const assess = await step(insurer, id, {
      step: 6,
      items: [
        { category: '01', amount: 30000 },
        { category: '05', amount: 10000 },
      ],
      total: 40000,
    });
    expect(assess.status).toBe(200);
    const over = await step(insurer, id, {
      step: 7,
      total: 50000,
      fees: [{ category: '05', amount: 50000 }],
    });
    expect(over.body.result).toContain('不能超过定损总金额');
    const badId = await step(insurer, id, {
      step: 7,
      total: 40000,
      persons: [{ personType: 1, name: '周工人', idNo: '321324199001011235', injury: '02', amount: 30000 }],
      fees: [{ category: '05', amount: 10000 }],
    });
    expect(badId.status).toBe(400);
    const pay = await step(insurer, id, {
      step: 7,
      total: 40000,
      persons: [{ personType: 1, name: '周工人', idNo: '321302198506123018', injury: '02', amount: 30000 }],
      fees: [{ category: '05', amount: 10000 }],
    });
    expect(pay.status).toBe(200);
    expect((await step(insurer, id, { step: 8, closeType: 'zero' })).status).toBe(409);
    const close = await step(insurer, id, { step: 8, closeType: 'paid', note: '赔款已支付完毕' });
    expect(close.status).toBe(200);
    const d = await detail(ent2, id);
    expect(d.body.data).toMatchObject({
      phase: 'closed',
      step: 8,
      closeType: 'paid',
      assessedTotal: 40000,
      advanceTotal: 10000,
      payoutTotal: 40000,
    });
    const steps = (d.body.data.timeline as Array<{ step: number; actorName: string; actedAt: string }>).map(
      (s) => s.step,
    );
    expect(steps).toEqual([1, 3, 5, 5, 4, 6, 7, 8]);
    const times = (d.body.data.timeline as Array<{ actedAt: string }>).map((s) => s.actedAt);
    expect([...times].sort()).toEqual(times);
    const persons = d.body.data.persons as Array<{ idNo: string }>;
    expect(persons[0]!.idNo).toBe('321302********3018');
    expect(JSON.stringify(d.body.data)).not.toContain('198506123018');
    const stored = await t.database.db
      .selectFrom('insClaimPerson')
      .select('idNoEnc')
      .where('claimId', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.idNoEnc).not.toContain('321302');
    expect(d.body.data.actions).toMatchObject({ steps: [], satisfaction: true });
    // 理赔满意度: once, by the enterprise.
    expect(
      (await post(t, '/api/claim/satisfaction', insurer, { id, version: d.body.data.version, score: 5 }))
        .status,
    ).toBe(403);
    const rate = await post(t, '/api/claim/satisfaction', ent2, {
      id,
      version: d.body.data.version,
      score: 4,
      comment: '及时',
    });
    expect(rate.status).toBe(200);
    expect(
      (await post(t, '/api/claim/satisfaction', ent2, { id, version: rate.body.data.version, score: 5 }))
        .status,
    ).toBe(409);
    expect(
      (
        await step(insurer, id, {
          step: 5,
          surveyorName: '孙查勘',
          surveyorPhone: '13905270000',
          description: '再查',
        })
      ).status,
    ).toBe(409);
  });

  it('stale versions answer 409', async () => {
    const cid = (await report(ent2)).body.data.id as number;
    const d = await detail(insurer, cid);
    const body = {
      id: cid,
      version: d.body.data.version,
      step: 3,
      accidentType: '01',
      accidentLevel: 2,
      cause: '物体打击',
      estimatedLoss: 1000,
    };
    expect((await post(t, '/api/claim/step', insurer, body)).status).toBe(200);
    const again = await post(t, '/api/claim/step', insurer, {
      ...body,
      step: 5,
      surveyorName: '孙查勘',
      surveyorPhone: '13905270000',
      description: 'x1',
    });
    expect(again.status).toBe(400); // step 5 does not take step 3's fields (strict union)
    const stale = await post(t, '/api/claim/step', insurer, {
      id: cid,
      version: d.body.data.version,
      step: 5,
      surveyorName: '孙查勘',
      surveyorPhone: '13905270000',
      description: '查勘',
    });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('STALE_VERSION');
  });

  it('withdraw before payout ends the claim; invalid and denied closes need no payment', async () => {
    const a = (await report(ent2)).body.data.id as number;
    expect((await step(ent2, a, { step: 2, reason: '误报，已核实无人员受伤' })).status).toBe(200);
    const da = await detail(ent2, a);
    expect(da.body.data).toMatchObject({ phase: 'withdrawn', closeType: 'withdrawn' });
    expect(
      (
        await step(insurer, a, {
          step: 3,
          accidentType: '01',
          accidentLevel: 1,
          cause: 'x1',
          estimatedLoss: 0,
        })
      ).status,
    ).toBe(409);
    const b = (await report(ent2)).body.data.id as number;
    expect(
      (await step(insurer, b, { step: 8, closeType: 'denied', deniedReason: '不属于保险责任' })).status,
    ).toBe(409);
    expect((await step(insurer, b, { step: 8, closeType: 'invalid' })).status).toBe(200);
    const c = (await report(ent2)).body.data.id as number;
    await step(insurer, c, {
      step: 3,
      accidentType: '20',
      accidentLevel: 1,
      cause: '其他',
      estimatedLoss: 0,
    });
    expect((await step(insurer, c, { step: 8, closeType: 'denied' })).body.result).toContain('拒赔原因');
    expect(
      (await step(insurer, c, { step: 8, closeType: 'denied', deniedReason: '不属于保险责任' })).status,
    ).toBe(200);
  });

  it('assessment: casualties within the per-person limit × the reported casualties; no line of 0 or below', async () => {
    // Two injured, 400,000 per person (the test policy): at most 800,000 for casualties.
    const cid = (await report(ent2, { injuries: 2 })).body.data.id as number;
    await step(insurer, cid, {
      step: 3,
      accidentType: '09',
      accidentLevel: 1,
      cause: '坠落',
      estimatedLoss: 9000,
    });
    const over = await step(insurer, cid, {
      step: 6,
      items: [{ category: '01', amount: 1_500_000 }],
      total: 1_500_000,
    });
    expect(over.status).toBe(400);
    expect(over.body.result).toContain(
      '从业人员人身伤亡定损金额（1,500,000.00元）超过每人死亡伤残责任限额400,000.00元 × 伤亡2人（死亡0人、受伤2人）= 800,000.00元',
    );
    const both = await step(insurer, cid, {
      step: 6,
      items: [
        { category: '01', amount: 500_000 },
        { category: '02', amount: 300_000.01 },
      ],
      total: 800_000.01,
    });
    expect(both.status).toBe(400);
    expect(both.body.result).toContain('合计（800,000.01元）');
    for (const amount of [-100, 0]) {
      const bad = await step(insurer, cid, {
        step: 6,
        items: [
          { category: '01', amount: 80_000 },
          { category: '05', amount },
        ],
        total: 80_000 + amount,
      });
      expect(bad.status, String(amount)).toBe(400);
      expect(bad.body.result).toContain('医疗救护费的定损金额须大于0');
    }
    expect((await detail(insurer, cid)).body.data).toMatchObject({ phase: 'registered', losses: [] });
    const ok = await step(insurer, cid, {
      step: 6,
      items: [{ category: '01', amount: 800_000 }],
      total: 800_000,
    });
    expect(ok.status).toBe(200);
  });

  it('a payout short of the assessment needs confirming; more payouts follow; closing short names the gap', async () => {
    const cid = (await report(ent2, { injuries: 2 })).body.data.id as number;
    await step(insurer, cid, {
      step: 3,
      accidentType: '10',
      accidentLevel: 1,
      cause: '法兰垫片老化',
      estimatedLoss: 60000,
    });
    expect(
      (
        await step(insurer, cid, {
          step: 6,
          items: [
            { category: '01', amount: 80_000 },
            { category: '05', amount: 5_000 },
          ],
          total: 85_000,
        })
      ).status,
    ).toBe(200);
    // Only the medical fee, without confirming: refused, naming what would stay unpaid.
    const feeOnly = { step: 7, total: 5_000, fees: [{ category: '05', amount: 5_000 }] };
    const unconfirmed = await step(insurer, cid, feeOnly);
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body.result).toContain(
      '本次赔付后累计赔付5,000.00元，比定损总金额85,000.00元少80,000.00元',
    );
    expect((await step(insurer, cid, { ...feeOnly, partial: true })).status).toBe(200);
    let d = (await detail(insurer, cid)).body.data as unknown as ClaimDetail;
    expect(d).toMatchObject({ phase: 'paid', payoutTotal: 5_000 });
    expect(d.actions).toMatchObject({ steps: [7, 8], closeTypes: ['paid'] });
    // Closing with 80,000 unpaid asks for the reason.
    const close = await step(insurer, cid, { step: 8, closeType: 'paid' });
    expect(close.status).toBe(400);
    expect(close.body.result).toContain('累计赔付5,000.00元，比定损总金额85,000.00元少80,000.00元未赔付');
    // A further payout may not exceed what is unpaid; the per-person limit counts earlier payouts.
    const tooMuch = await step(insurer, cid, {
      step: 7,
      total: 80_000.01,
      fees: [{ category: '08', amount: 80_000.01 }],
    });
    expect(tooMuch.body.result).toContain('超过尚未赔付的定损金额（80,000.00元');
    const first = {
      personType: 1,
      name: '周工人',
      idNo: '321302198506123018',
      injury: '02',
    };
    expect(
      (
        await step(insurer, cid, {
          step: 7,
          total: 30_000,
          persons: [{ ...first, amount: 30_000 }],
          partial: true,
        })
      ).status,
    ).toBe(200);
    await t.database.db
      .updateTable('insPolicy')
      .set({ perPersonLimit: '50000' })
      .where('id', '=', policyId)
      .execute();
    try {
      const again = await step(insurer, cid, {
        step: 7,
        total: 30_000,
        persons: [{ ...first, amount: 30_000 }],
        partial: true,
      });
      expect(again.status).toBe(400);
      expect(again.body.result).toContain(
        '周工人累计赔付金额（60,000.00元，含此前已赔付30,000.00元）超过每人死亡伤残责任限额',
      );
    } finally {
      await t.database.db
        .updateTable('insPolicy')
        .set({ perPersonLimit: '400000' })
        .where('id', '=', policyId)
        .execute();
    }
    const rest = await step(insurer, cid, {
      step: 7,
      total: 50_000,
      persons: [{ ...first, name: '吴工人', idNo: '11010519491231002X', amount: 50_000 }],
    });
    expect(rest.status).toBe(200);
    d = (await detail(insurer, cid)).body.data as unknown as ClaimDetail;
    expect(d).toMatchObject({ phase: 'paid', payoutTotal: 85_000 });
    expect(d.actions.steps).toEqual([8]);
    expect(d.timeline.filter((e) => e.step === 7).map((e) => e.data.unpaid)).toEqual([80_000, 50_000, 0]);
    expect(
      (await step(insurer, cid, { step: 7, total: 1, fees: [{ category: '08', amount: 1 }] })).status,
    ).toBe(409);
    expect((await step(insurer, cid, { step: 8, closeType: 'paid' })).status).toBe(200);
  });

  it('closing a claim paid in part is allowed with the reason in the note', async () => {
    const cid = (await report(ent2)).body.data.id as number;
    await step(insurer, cid, {
      step: 3,
      accidentType: '01',
      accidentLevel: 1,
      cause: '物体打击',
      estimatedLoss: 9000,
    });
    await step(insurer, cid, { step: 6, items: [{ category: '05', amount: 9_000 }], total: 9_000 });
    await step(insurer, cid, {
      step: 7,
      total: 8_000,
      fees: [{ category: '05', amount: 8_000 }],
      partial: true,
    });
    const close = await step(insurer, cid, {
      step: 8,
      closeType: 'paid',
      note: '经协商，医疗费按实际票据8,000元赔付',
    });
    expect(close.status).toBe(200);
    const d = (await detail(insurer, cid)).body.data as unknown as ClaimDetail;
    expect(d.timeline.at(-1)?.data).toMatchObject({ closeType: 'paid', unpaid: 1_000 });
  });

  it('flags a registered claim unpaid after the configured days', async () => {
    const cid = (await report(ent2)).body.data.id as number;
    await step(insurer, cid, {
      step: 3,
      accidentType: '04',
      accidentLevel: 1,
      cause: '机械伤害',
      estimatedLoss: 9000,
    });
    expect((await detail(insurer, cid)).body.data.unpaidOverdue).toBe(false);
    // 61 days later (moved in the data: the session clock stays put).
    const back = (ms: number) => new Date(ms - 61 * 86_400_000);
    const row = await t.database.db
      .selectFrom('insClaim')
      .select(['accidentAt', 'reportedAt', 'registeredAt'])
      .where('id', '=', cid)
      .executeTakeFirstOrThrow();
    await t.database.db
      .updateTable('insClaim')
      .set({
        accidentAt: back(row.accidentAt.getTime()),
        reportedAt: back(row.reportedAt.getTime()),
        registeredAt: back(row.registeredAt!.getTime()),
      })
      .where('id', '=', cid)
      .execute();
    const d = await detail(insurer, cid);
    expect(d.body.data.unpaidOverdue).toBe(true);
    const govList = await post(t, '/api/govInsurance/claimList?flag=unpaid&pageSize=200', gov);
    expect(govList.status).toBe(200);
    expect(govList.body.data.page.list.map((c) => c.id)).toContain(cid);
    expect(govList.body.data.page.list.every((c) => c.unpaidOverdue === true)).toBe(true);
    // A payment clears the flag.
    await step(insurer, cid, { step: 4, payType: 3, amount: 1000 });
    expect((await detail(insurer, cid)).body.data.unpaidOverdue).toBe(false);
  });
});
