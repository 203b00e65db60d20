import { describe, expect, it } from 'vitest';
import { type Json, waitForLog } from '../policy/policy.testkit.ts';
import {
  act,
  at,
  detail,
  file,
  fileBody,
  idem,
  post,
  type User,
  useComplaintKit,
} from './complaint.testkit.ts';

/**
 * The complaint API (issue 15): routing, the domain 3.7 machine for every state × action × role, the AQ 9010
 * working-day deadlines around National Day and the Spring Festival (with their make-up Saturdays), the one
 * extension, internal notes, scope (404), versions (409) and the regulator's steps.
 */
const kit = useComplaintKit();
type Data = Json & {
  state: number;
  version: number;
  deadline: string | null;
  actions: Record<string, boolean>;
};
const data = async (user: User, id: number) => (await detail(kit, user, id)).body.data as unknown as Data;
const steps = async (user: User, id: number) =>
  (
    (await data(user, id)).timeline as unknown as Array<{ step: string; internal: boolean; text: string }>
  ).map((s) => s.step);
const REPLY = { facts: '经核实报案资料已齐全', basis: '保险合同第十条', measures: '三个工作日内完成核定' };

describe('demo data', () => {
  it('every complaining role has a complaint in every state; one overdue (first in the lists), one extended', async () => {
    // The demo was seeded relative to the time the database was made: read it then.
    const last = await kit.t.database.db
      .selectFrom('cpComplaint')
      .select((eb) => eb.fn.max('submittedAt').as('at'))
      .executeTakeFirstOrThrow();
    await at(kit, new Date(new Date(last.at as unknown as string).getTime() + 3600_000));
    for (const [user, side] of [
      ['ent', 'enterprise'],
      ['insurer', 'insurer'],
      ['service', 'service'],
      ['expert', 'expert'],
    ] as const) {
      const res = await post(kit.t, '/api/complaint/list?view=filed&pageSize=500', kit.tok[user]);
      const rows = res.body.data.list as Array<Json & { state: number }>;
      expect(new Set(rows.map((r) => r.state)), side).toEqual(new Set([1, 2, 3, 4, 5, 6]));
      expect(rows.every((r) => r.complainantRole === side)).toBe(true);
    }
    const gov = await post(kit.t, '/api/complaint/list?pageSize=500', kit.tok.gov);
    const rows = gov.body.data.list as Array<Json & { overdue: boolean; extended: boolean; state: number }>;
    expect(rows[0]).toMatchObject({ overdue: true, state: 3 });
    expect(rows.filter((r) => r.overdue)).toHaveLength(1);
    expect(rows.filter((r) => r.extended)).toHaveLength(1);
    expect(rows.filter((r) => r.state === 6).length).toBeGreaterThanOrEqual(4);
    const overdue = await post(kit.t, '/api/complaint/list?view=handled&overdue=1', kit.tok.insurer);
    expect(overdue.body.data.total).toBe(1);
  });
});

describe('routing', () => {
  it('a complaint against an insurer is handled by that insurer; the complainant sees the unit and state', async () => {
    await at(kit, '2026-09-28 10:00');
    const id = await file(kit, 'ent', fileBody({ targetOrgId: kit.org.insurer }));
    expect(await data('ent', id)).toMatchObject({
      state: 1,
      stateLabel: '已提交',
      targetKind: 'insurer',
      targetOrgId: kit.org.insurer,
      handlerKind: 'insurer',
      handlerOrgId: kit.org.insurer,
      complainantRole: 'enterprise',
      districtCode: kit.entDistrict,
      deadline: null,
    });
    const list = await post(kit.t, '/api/complaint/list?view=handled&pageSize=500', kit.tok.insurer);
    expect((list.body.data.list as Json[]).map((r) => r.id)).toContain(id);
  });

  it('a complaint against a service organisation goes to the insurer that commissioned it', async () => {
    const now = kit.t.clock.now();
    await kit.t.database.db
      .insertInto('apProject')
      .values({
        name: '投诉路由测试项目',
        contractNo: 'HT-TS-0001',
        insurerId: kit.org.insurer2,
        startDate: '2026-01-01',
        endDate: '2026-12-31',
        feeRatio: 10,
        serviceOrgId: kit.org.service,
        createdAt: now,
        updatedAt: now,
        createdBy: null,
        updatedBy: null,
      })
      .execute();
    const id = await file(
      kit,
      'ent',
      fileBody({ targetKind: 'service', targetOrgId: kit.org.service, category: '03' }),
    );
    expect(await data('ent', id)).toMatchObject({ handlerKind: 'insurer', handlerOrgId: kit.org.insurer2 });
    // The commissioning insurer handles it; the one not involved cannot open it.
    expect((await detail(kit, 'insurer2', id)).status).toBe(200);
    expect((await detail(kit, 'insurer', id)).status).toBe(404);
    const targets = await post(kit.t, '/api/complaint/targets?kind=service', kit.tok.ent);
    expect(targets.body.data).toContainEqual(expect.objectContaining({ orgId: kit.org.service }));

    // The commissioning insurer complains about its own provider: it cannot handle its own complaint, and the
    // operations centre answers for the platform only, so the regulators of the district handle it.
    const own = await file(
      kit,
      'insurer2',
      fileBody({ targetKind: 'service', targetOrgId: kit.org.service, category: '03' }),
    );
    expect(await data('insurer2', own)).toMatchObject({
      handlerKind: 'government',
      handlerOrgId: null,
      handlerName: '属地监管部门',
    });
    expect((await detail(kit, 'admin', own)).status).toBe(404);
    expect((await act(kit, 'gov', 'accept', own)).status).toBe(200);
    expect(await data('insurer2', own)).toMatchObject({ state: 2, handlerKind: 'government' });
  });

  it('a complaint about the platform goes to the operations centre; experts and insurers file too', async () => {
    const id = await file(kit, 'service', fileBody({ targetKind: 'platform', category: '06' }));
    expect(await data('service', id)).toMatchObject({
      handlerKind: 'admin',
      handlerName: '运营中心',
      targetName: '平台',
    });
    expect((await act(kit, 'admin', 'accept', id)).status).toBe(200);
    const byExpert = await file(kit, 'expert', fileBody({ targetOrgId: kit.org.insurer }));
    expect(await data('expert', byExpert)).toMatchObject({
      complainantRole: 'expert',
      handlerOrgId: kit.org.insurer,
    });
    const byInsurer = await file(kit, 'insurer', fileBody({ targetKind: 'platform', category: '06' }));
    expect(await data('insurer', byInsurer)).toMatchObject({
      complainantRole: 'insurer',
      handlerKind: 'admin',
    });
  });

  it('refuses with the field to fix: no target, own unit, wrong kind, a record of another enterprise', async () => {
    const bad = async (user: User, body: Json, message: string) => {
      const res = await post(kit.t, '/api/complaint/add', kit.tok[user], fileBody(body), idem());
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.result).toContain(message);
    };
    await bad('ent', {}, '请选择被投诉的单位');
    await bad('insurer', { targetOrgId: kit.org.insurer }, '不能投诉本单位');
    await bad('ent', { targetKind: 'service', targetOrgId: kit.org.insurer }, '与被投诉人类型不符');
    await bad('ent', { targetOrgId: kit.org.insurer, content: '太短' }, '投诉内容');
    const other = await kit.t.database.db
      .selectFrom('insPolicy')
      .select('id')
      .where('enterpriseId', '!=', kit.org.ent)
      .executeTakeFirst();
    if (other)
      await bad(
        'ent',
        { targetOrgId: kit.org.insurer, relatedKind: 'policy', relatedId: other.id },
        '不属于本单位',
      );
    await bad('ent', { targetOrgId: kit.org.insurer, relatedKind: 'policy' }, '请同时选择');
    // Government and the administrator do not file complaints.
    const gov = await post(
      kit.t,
      '/api/complaint/add',
      kit.tok.gov,
      fileBody({ targetOrgId: kit.org.insurer }),
      idem(),
    );
    expect(gov.status).toBe(403);
  });
});

describe('working-day deadlines (AQ 9010)', () => {
  it('accepted on 2026-09-28: 10 working days skip National Day and count the make-up Saturday 10-10 → 10-16', async () => {
    await at(kit, '2026-09-28 10:00');
    const id = await file(kit, 'ent', fileBody({ targetOrgId: kit.org.insurer }));
    expect((await act(kit, 'insurer', 'accept', id)).status).toBe(200);
    expect(await data('ent', id)).toMatchObject({ state: 2, deadline: '2026-10-16', workDaysLeft: 10 });
    // Verification needed: 30 working days from the same acceptance day.
    expect((await act(kit, 'insurer', 'verify', id, { reason: '需调取事故现场监控' })).status).toBe(200);
    expect(await data('ent', id)).toMatchObject({
      state: 3,
      deadline: '2026-11-13',
      verificationNeeded: true,
    });
    // Only once.
    const again = await act(kit, 'insurer', 'verify', id, { reason: '再次标记' });
    expect(again.status).toBe(400);
    expect(again.body.result).toContain('已标记需核实');
  });

  it('accepted on 2026-02-12: the Spring Festival is skipped, 2-14 and 2-28 count → 03-04', async () => {
    await at(kit, '2026-02-12 09:00');
    const id = await file(kit, 'ent', fileBody({ targetOrgId: kit.org.insurer }));
    expect((await act(kit, 'insurer', 'accept', id)).status).toBe(200);
    expect((await data('ent', id)).deadline).toBe('2026-03-04');
    // On the holiday Monday 2-23 the deadline is 8 working days away (2-24…2-27, the make-up 2-28, 3-2…3-4).
    await at(kit, '2026-02-23 09:00');
    expect(await data('insurer', id)).toMatchObject({ workDaysLeft: 8, nearDeadline: false, overdue: false });
    await at(kit, '2026-03-02 09:00');
    expect(await data('insurer', id)).toMatchObject({ workDaysLeft: 2, nearDeadline: true });
    await at(kit, '2026-03-05 09:00');
    expect(await data('insurer', id)).toMatchObject({ workDaysLeft: -1, overdue: true });
    // Replying now is late: counted against the handler.
    expect((await act(kit, 'insurer', 'reply', id, REPLY)).status).toBe(200);
    expect(await data('ent', id)).toMatchObject({ state: 4, repliedLate: true, overdue: false });
  });

  it('the administrator calendar decides a year the package does not cover', async () => {
    const cal = await post(kit.t, '/api/workCalendar/get?year=2027', kit.tok.admin);
    expect(cal.body.data).toMatchObject({ source: 'none', version: 0 });
    const pkg = await post(kit.t, '/api/workCalendar/get?year=2026', kit.tok.admin);
    expect(pkg.body.data.source).toBe('package');
    const refused = await post(kit.t, '/api/workCalendar/save', kit.tok.admin, {
      year: 2026,
      version: 0,
      days: [],
    });
    expect(refused.status).toBe(400);
    const days = [
      ...['2027-10-01', '2027-10-04', '2027-10-05', '2027-10-06', '2027-10-07'].map((date) => ({
        date,
        kind: 'holiday',
        name: '国庆节',
      })),
      { date: '2027-10-09', kind: 'workday', name: '国庆节' },
    ];
    const weekdayWork = await post(kit.t, '/api/workCalendar/save', kit.tok.admin, {
      year: 2027,
      version: 0,
      days: [{ date: '2027-10-08', kind: 'workday', name: '国庆节' }],
    });
    expect(weekdayWork.status).toBe(400);
    expect(weekdayWork.body.result).toContain('须为周六或周日');
    const saved = await post(kit.t, '/api/workCalendar/save', kit.tok.admin, {
      year: 2027,
      version: 0,
      days,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const stale = await post(kit.t, '/api/workCalendar/save', kit.tok.admin, {
      year: 2027,
      version: 0,
      days,
    });
    expect(stale.status).toBe(409);
    expect(
      (await post(kit.t, '/api/workCalendar/save', kit.tok.gov, { year: 2027, version: 1, days })).status,
    ).toBe(403);
    // Accepted Thu 2027-09-30: 10-1 and 10-4…10-7 are holidays, Sat 10-9 a make-up working day.
    await at(kit, '2027-09-30 10:00');
    const id = await file(kit, 'ent', fileBody({ targetOrgId: kit.org.insurer }));
    expect((await act(kit, 'insurer', 'accept', id)).status).toBe(200);
    // 10-8, 10-9 (make-up), 10-11 … 10-15, 10-18, 10-19, 10-20.
    expect((await data('ent', id)).deadline).toBe('2027-10-20');
  });
});

describe('timer settings', () => {
  it('the reply days are a setting (default 10): 5 gives 10-10 from 09-28; refused outside 1-60', async () => {
    await at(kit, '2026-09-28 10:00');
    const save = (complaint: Json) => post(kit.t, '/api/setting/save', kit.tok.admin, { complaint });
    expect((await save({ replyDays: 0 })).status).toBe(400);
    expect((await save({ replyDays: 5 })).status).toBe(200);
    try {
      const id = await file(kit, 'ent', fileBody({ targetOrgId: kit.org.insurer }));
      await act(kit, 'insurer', 'accept', id);
      // 9-29, 9-30, (holiday), 10-8, 10-9, 10-10 (make-up Saturday).
      expect((await data('ent', id)).deadline).toBe('2026-10-10');
    } finally {
      expect((await save({ replyDays: 10 })).status).toBe(200);
    }
  });
});

describe('the extension (one, at most 30 days, approved by the regulator, reason shown)', () => {
  it('refuses more than 30 days, approves once, pushes the deadline, tells the complainant why', async () => {
    await at(kit, '2026-09-28 10:00');
    const id = await file(kit, 'ent', fileBody({ targetOrgId: kit.org.insurer }));
    await act(kit, 'insurer', 'accept', id);
    const long = await act(kit, 'insurer', 'extend', id, { days: 31, reason: '需要委托第三方鉴定' });
    expect(long.status).toBe(400);
    expect(long.body.result).toContain('不能超过30天');
    expect((await act(kit, 'insurer', 'extend', id, { days: 20, reason: '需要委托第三方鉴定' })).status).toBe(
      200,
    );
    expect(
      (await act(kit, 'insurer', 'extend', id, { days: 5, reason: '再申请一次' })).body.result,
    ).toContain('只能申请一次');
    // Not the complainant, not a regulator of another district.
    expect((await act(kit, 'gov_other', 'extend/decide', id, { approve: true })).status).toBe(404);
    expect((await act(kit, 'insurer', 'extend/decide', id, { approve: true })).status).toBe(400);
    expect((await act(kit, 'gov', 'extend/decide', id, { approve: true })).status).toBe(200);
    const d = await data('ent', id);
    expect(d).toMatchObject({ deadline: '2026-11-05', extended: true });
    expect(d.extension).toMatchObject({
      days: 20,
      reason: '需要委托第三方鉴定',
      state: 'approved',
      previousDeadline: '2026-10-16',
    });
    expect(await steps('ent', id)).toEqual(['submit', 'accept', 'extendRequest', 'extendApprove']);
  });

  it('no extension once the deadline has passed; a refusal keeps the deadline and needs a reason', async () => {
    await at(kit, '2026-09-28 10:00');
    const late = await file(kit, 'ent', fileBody({ targetOrgId: kit.org.insurer }));
    await act(kit, 'insurer', 'accept', late);
    const refused = await file(kit, 'ent', fileBody({ targetOrgId: kit.org.insurer }));
    await act(kit, 'insurer', 'accept', refused);
    await act(kit, 'insurer', 'extend', refused, { days: 10, reason: '需要现场复核' });
    expect((await act(kit, 'gov', 'extend/decide', refused, { approve: false })).status).toBe(400);
    expect(
      (await act(kit, 'gov', 'extend/decide', refused, { approve: false, opinion: '理由不充分' })).status,
    ).toBe(200);
    expect(await data('ent', refused)).toMatchObject({ deadline: '2026-10-16', extended: false });
    await at(kit, '2026-10-19 09:00');
    const res = await act(kit, 'insurer', 'extend', late, { days: 10, reason: '需要现场复核' });
    expect(res.status).toBe(400);
    expect(res.body.result).toContain('已超过答复期限');
  });
});

describe('the machine: confirmation, re-opening, escalation, regulator steps, timeline', () => {
  it('satisfied → 办结; not satisfied → 办理中 with a new deadline, or 已转监管', async () => {
    await at(kit, '2026-09-28 10:00');
    const ok = await file(kit, 'ent', fileBody({ targetOrgId: kit.org.insurer }));
    await act(kit, 'insurer', 'accept', ok);
    await act(kit, 'insurer', 'reply', ok, REPLY);
    expect((await act(kit, 'ent', 'confirm', ok, { satisfied: true, score: 5 })).status).toBe(200);
    expect(await data('ent', ok)).toMatchObject({ state: 5, satisfied: true, result: REPLY.measures });

    const again = await file(kit, 'ent', fileBody({ targetOrgId: kit.org.insurer }));
    await act(kit, 'insurer', 'accept', again);
    await act(kit, 'insurer', 'reply', again, REPLY);
    const noReason = await act(kit, 'ent', 'confirm', again, { satisfied: false, choice: 'reopen' });
    expect(noReason.status).toBe(400);
    await at(kit, '2026-10-09 10:00');
    expect(
      (
        await act(kit, 'ent', 'confirm', again, {
          satisfied: false,
          choice: 'reopen',
          opinion: '未说明赔付时间',
        })
      ).status,
    ).toBe(200);
    // Re-opened on Fri 10-09: 10 working days → 10-10 (make-up Sat) … 10-22.
    expect(await data('ent', again)).toMatchObject({ state: 3, deadline: '2026-10-22', satisfied: false });
  });

  it('internal notes are hidden from the complainant; the handler and the regulator see them', async () => {
    await at(kit, '2026-09-28 10:00');
    const id = await file(kit, 'ent', fileBody({ targetOrgId: kit.org.insurer }));
    await act(kit, 'insurer', 'accept', id);
    expect((await act(kit, 'insurer', 'note', id, { text: '理赔部门内部意见：材料存疑' })).status).toBe(200);
    expect(
      (await act(kit, 'insurer', 'note', id, { text: '已电话联系投诉人', internal: false })).status,
    ).toBe(200);
    expect(await data('insurer', id)).toMatchObject({ state: 3 });
    expect(await steps('ent', id)).toEqual(['submit', 'accept', 'note']);
    expect(await steps('insurer', id)).toEqual(['submit', 'accept', 'note', 'note']);
    expect(await steps('gov', id)).toEqual(['submit', 'accept', 'note', 'note']);
  });

  it('the regulator reassigns (an accepted complaint keeps its deadline) and orders a re-handling', async () => {
    await at(kit, '2026-09-28 10:00');
    const id = await file(kit, 'ent', fileBody({ targetOrgId: kit.org.insurer }));
    await act(kit, 'insurer', 'accept', id);
    const accepted = await data('ent', id);
    expect(accepted.deadline).toBeTruthy();
    const wrong = await act(kit, 'gov', 'reassign', id, { handlerKind: 'insurer', reason: '转办' });
    expect(wrong.status).toBe(400);
    await at(kit, '2026-09-30 10:00');
    expect(
      (
        await act(kit, 'gov', 'reassign', id, {
          handlerKind: 'insurer',
          handlerOrgId: kit.org.insurer2,
          reason: '由共保机构办理',
        })
      ).status,
    ).toBe(200);
    // The new unit takes it over as accepted, with the deadline the complainant was given.
    expect(await data('insurer2', id)).toMatchObject({
      state: 2,
      handlerOrgId: kit.org.insurer2,
      deadline: accepted.deadline,
    });
    expect((await data('insurer2', id)).actions).toMatchObject({ accept: false, reply: true });
    // The insurer complained about still sees it (query), but may no longer act on it.
    expect((await data('insurer', id)).actions).toMatchObject({ accept: false, reply: false });
    await act(kit, 'insurer2', 'reply', id, REPLY);
    await at(kit, '2026-10-12 10:00');
    expect((await act(kit, 'gov', 'rehandle', id, { reason: '答复未说明依据条款' })).status).toBe(200);
    expect(await data('ent', id)).toMatchObject({ state: 3, deadline: '2026-10-26' });
    expect(await steps('ent', id)).toEqual(['submit', 'accept', 'reassign', 'reply', 'rehandle']);
  });

  it('a complaint not yet accepted is reassigned as submitted: the new unit accepts and the clock starts then', async () => {
    await at(kit, '2026-09-28 10:00');
    const id = await file(kit, 'ent', fileBody({ targetOrgId: kit.org.insurer }));
    const res = await act(kit, 'gov', 'reassign', id, {
      handlerKind: 'insurer',
      handlerOrgId: kit.org.insurer2,
      reason: '由共保机构办理',
    });
    expect(res.status).toBe(200);
    expect(await data('insurer2', id)).toMatchObject({ state: 1, deadline: null });
    expect((await data('insurer2', id)).actions).toMatchObject({ accept: true });
    expect((await act(kit, 'insurer2', 'accept', id)).status).toBe(200);
    expect((await data('ent', id)).deadline).toBeTruthy();
  });

  it('each step is in the operation log with the complaint as its target', async () => {
    const id = await file(kit, 'ent', fileBody({ targetOrgId: kit.org.insurer }));
    expect((await act(kit, 'insurer', 'accept', id)).status).toBe(200);
    const log = await waitForLog(kit.t, '/api/complaint/accept');
    expect(log).toMatchObject({ module: '投诉管理', targetId: String(id) });
    const add = await waitForLog(kit.t, '/api/complaint/add');
    expect(add.module).toBe('投诉管理');
  });

  it('a stale version answers 409 and changes nothing', async () => {
    const id = await file(kit, 'ent', fileBody({ targetOrgId: kit.org.insurer }));
    const res = await post(kit.t, '/api/complaint/accept', kit.tok.insurer, { id, version: 2 });
    expect(res.status).toBe(409);
    expect((await data('ent', id)).state).toBe(1);
  });
});

describe('scope', () => {
  it('another enterprise, another insurer and a regulator of another district get 404 and see nothing', async () => {
    const id = await file(kit, 'ent', fileBody({ targetOrgId: kit.org.insurer }));
    for (const u of ['ent2', 'insurer2', 'gov_other', 'service', 'admin'] as const) {
      expect((await detail(kit, u, id)).status, u).toBe(404);
      const list = await post(kit.t, '/api/complaint/list?view=handled&pageSize=500', kit.tok[u]);
      expect(
        (list.body.data.list as Json[]).map((r) => r.id),
        u,
      ).not.toContain(id);
    }
    const filed = await post(kit.t, '/api/complaint/list?view=filed&pageSize=500', kit.tok.ent2);
    expect((filed.body.data.list as Json[]).map((r) => r.id)).not.toContain(id);
    // The insurer sees what it handles but not what it filed in the handled view, and vice versa.
    const mine = await file(kit, 'insurer', fileBody({ targetKind: 'platform', category: '06' }));
    const handled = await post(kit.t, '/api/complaint/list?view=handled&pageSize=500', kit.tok.insurer);
    const ids = (handled.body.data.list as Json[]).map((r) => r.id);
    expect(ids).toContain(id);
    expect(ids).not.toContain(mine);
    const own = await post(kit.t, '/api/complaint/list?view=filed&pageSize=500', kit.tok.insurer);
    expect((own.body.data.list as Json[]).map((r) => r.id)).toEqual(expect.arrayContaining([mine]));
  });
});

// ---------------------------------------------------------------------------------------------------
// state × action × role
// ---------------------------------------------------------------------------------------------------

const ACTIONS: Record<string, Json> = {
  accept: {},
  verify: { reason: '需要现场核实' },
  note: { text: '电话联系投诉人' },
  reply: REPLY,
  extend: { days: 10, reason: '需要调取监控录像' },
  'extend/decide': { approve: true },
  confirm: { satisfied: true },
  takeOver: { reason: '监管部门接办' },
  reassign: { handlerKind: 'admin', reason: '转运营中心' },
  rehandle: { reason: '重新办理' },
  close: { result: '已办结' },
};
const ACTION_KEY: Record<string, string> = { 'extend/decide': 'decideExtension' };
const ROLES = ['ent', 'insurer', 'insurer2', 'gov', 'gov_other', 'service', 'admin'] as const;
/** Who may do what in each state of a complaint by ent against insurer (handler insurer, regulator gov). */
const ALLOWED: Record<number, Partial<Record<(typeof ROLES)[number], string[]>>> = {
  1: { insurer: ['accept', 'note'], gov: ['note', 'takeOver', 'reassign', 'close'] },
  2: { insurer: ['verify', 'note', 'reply', 'extend'], gov: ['note', 'takeOver', 'reassign', 'close'] },
  3: { insurer: ['verify', 'note', 'reply', 'extend'], gov: ['note', 'takeOver', 'reassign', 'close'] },
  4: { ent: ['confirm'], insurer: ['note'], gov: ['note', 'takeOver', 'rehandle', 'close'] },
  5: {},
  6: { insurer: ['note'], gov: ['note', 'takeOver', 'reassign', 'rehandle', 'close'] },
};
const COMPLAINANTS = new Set(['ent', 'insurer', 'insurer2', 'service']);
const HANDLERS = new Set(['insurer', 'insurer2', 'gov', 'gov_other', 'admin']);
const VISIBLE = new Set(['ent', 'insurer', 'gov']);

async function inState(state: number): Promise<number> {
  const id = await file(kit, 'ent', fileBody({ targetOrgId: kit.org.insurer }));
  if (state === 1) return id;
  await act(kit, 'insurer', 'accept', id);
  if (state === 2) return id;
  await act(kit, 'insurer', 'note', id, { text: '开始办理' });
  if (state === 3) return id;
  await act(kit, 'insurer', 'reply', id, REPLY);
  if (state === 4) return id;
  if (state === 5) await act(kit, 'ent', 'confirm', id, { satisfied: true });
  else await act(kit, 'ent', 'confirm', id, { satisfied: false, choice: 'escalate', opinion: '不满意' });
  return id;
}

describe('state × action × role', () => {
  it('the detail offers exactly the allowed actions; every other call answers 403/404/400 and changes nothing', async () => {
    await at(kit, '2026-09-28 10:00');
    for (const state of [1, 2, 3, 4, 5, 6]) {
      const id = await inState(state);
      const before = await data('gov', id);
      expect(before.state).toBe(state);
      for (const role of ROLES) {
        const allowed = ALLOWED[state]![role] ?? [];
        if (VISIBLE.has(role)) {
          const offered = Object.entries((await data(role, id)).actions)
            .filter(([, v]) => v)
            .map(([k]) => k)
            .sort();
          expect(offered, `state ${state} ${role}`).toEqual(allowed.map((a) => ACTION_KEY[a] ?? a).sort());
        }
        for (const [action, body] of Object.entries(ACTIONS)) {
          if (allowed.includes(action)) continue;
          const res = await post(kit.t, `/api/complaint/${action}`, kit.tok[role], {
            id,
            version: before.version,
            ...body,
          });
          const need = action === 'confirm' ? COMPLAINANTS : HANDLERS;
          const expected = !need.has(role) ? 403 : !VISIBLE.has(role) ? 404 : 400;
          expect(res.status, `state ${state} ${role} ${action}: ${res.body.result}`).toBe(expected);
        }
      }
      expect((await data('gov', id)).version, `state ${state} unchanged`).toBe(before.version);
    }
  });
});

describe('the contact number (security P04)', () => {
  it('the detail masks it; the handler reveals it (audited); another insurer gets 404', async () => {
    await at(kit, '2026-09-28 10:00');
    const id = await file(kit, 'ent', fileBody({ targetOrgId: kit.org.insurer }));
    expect((await data('insurer', id)).contactPhone).toBe('138****1234');
    const full = await post(kit.t, '/api/pii/reveal', kit.tok.insurer, {
      kind: 'complaint',
      id,
      field: 'contactPhone',
    });
    expect(full.body.data.value).toBe('13805271234');
    const out = await post(kit.t, '/api/pii/reveal', kit.tok.insurer2, {
      kind: 'complaint',
      id,
      field: 'contactPhone',
    });
    expect(out.status).toBe(404);
    const logs = await kit.t.database.db
      .selectFrom('sysOperLog')
      .select('outcome')
      .where('targetId', '=', `complaint:${id}:contactPhone`)
      .orderBy('id')
      .execute();
    expect(logs.map((l) => l.outcome)).toEqual(['success', 'fail']);
  });
});
