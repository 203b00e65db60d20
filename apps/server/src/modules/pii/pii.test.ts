import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOrg, type TestContext } from '../../../test/helpers.ts';
import { encryptPhone } from '../../platform/pii.ts';
import { openClaimKit } from '../claim/claim.testkit.ts';
import { idem, makeUser, orgIdOf, post } from '../policy/policy.testkit.ts';
import { checkPlanOn, projectBody } from '../prevention/prevention.testkit.ts';

/**
 * Masked by default, full by an explicit, scoped and audited action (security.md P04): POST /api/pii/reveal
 * for a claim's reporter and surveyor, a training's and a sign-up's contact and a service organisation's contacts.
 */

let t: TestContext;
let tok: Record<'ent' | 'ent2' | 'insurer' | 'gov', string>;
let claimId: number;
let surveyStepId: number;
let policyId: number;
const HOUR = 3600_000;

const reveal = (token: string, body: Record<string, unknown>) => post(t, '/api/pii/reveal', token, body);
const logRows = (target: string) =>
  t.database.db
    .selectFrom('sysOperLog')
    .select(['module', 'kind', 'outcome', 'targetId', 'params', 'username'])
    .where('targetId', '=', target)
    .orderBy('id')
    .execute();

beforeAll(async () => {
  const k = await openClaimKit();
  ({ t, tok, policyId } = k);
  const r = await k.report(tok.ent2);
  expect(r.status).toBe(200);
  claimId = r.body.data.id as number;
  expect(
    (
      await k.step(tok.insurer, claimId, {
        step: 3,
        accidentType: '09',
        accidentLevel: 1,
        cause: '未系安全带',
        estimatedLoss: 50000,
      })
    ).status,
  ).toBe(200);
  const s = await k.step(tok.insurer, claimId, {
    step: 5,
    surveyorName: '孙查勘',
    surveyorPhone: '13905270000',
    description: '现场查勘',
  });
  expect(s.status).toBe(200);
  const d = await k.detail(tok.insurer, claimId);
  surveyStepId = (d.body.data.timeline as Array<{ id: number; step: number }>).find((x) => x.step === 5)!.id;
});
afterAll(() => t.close());

describe('claim numbers', () => {
  it('the claim detail carries the reporter and surveyor phones masked, to every party', async () => {
    for (const who of ['ent2', 'insurer'] as const) {
      const d = await post(t, `/api/claim/detail?id=${claimId}`, tok[who]);
      expect(d.body.data.reporterPhone).toBe('139****5678');
      const survey = (d.body.data.timeline as Array<{ step: number; data: Record<string, unknown> }>).find(
        (x) => x.step === 5,
      )!;
      expect(survey.data.surveyorPhone).toBe('139****0000');
      expect(JSON.stringify(d.body)).not.toContain('13905275678');
      expect(JSON.stringify(d.body)).not.toContain('13905270000');
    }
  });

  it('a party of the claim sees the full number by reveal, and the log names the record and field, not the value', async () => {
    const a = await reveal(tok.ent2, { kind: 'claim', id: claimId, field: 'reporterPhone' });
    expect(a.status).toBe(200);
    expect(a.body.data.value).toBe('13905275678');
    const b = await reveal(tok.ent2, { kind: 'claimStep', id: surveyStepId, field: 'surveyorPhone' });
    expect(b.body.data.value).toBe('13905270000');
    const rows = await logRows(`claim:${claimId}:reporterPhone`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      module: '敏感信息查看',
      kind: 'get',
      outcome: 'success',
      username: 'ent2',
    });
    expect(rows[0]!.params).not.toContain('13905275678');
    expect(await logRows(`claimStep:${surveyStepId}:surveyorPhone`)).toHaveLength(1);
  });

  it('another enterprise (same role, not a party) gets 404 for both, and the failure is logged', async () => {
    const a = await reveal(tok.ent, { kind: 'claim', id: claimId, field: 'reporterPhone' });
    expect(a.status).toBe(404);
    expect(JSON.stringify(a.body)).not.toContain('13905275678');
    const b = await reveal(tok.ent, { kind: 'claimStep', id: surveyStepId, field: 'surveyorPhone' });
    expect(b.status).toBe(404);
    expect(JSON.stringify(b.body)).not.toContain('13905270000');
    const rows = await logRows(`claim:${claimId}:reporterPhone`);
    expect(rows.filter((r) => r.outcome === 'fail' && r.username === 'ent')).toHaveLength(1);
  });

  it('a kind or field off the allow-list answers 400 in Chinese; no sign-in answers 401', async () => {
    const k = await reveal(tok.ent2, { kind: 'sysUser', id: 1, field: 'mobile' });
    expect(k.status).toBe(400);
    expect(k.body.result).toBe('不支持查看该类记录的完整信息');
    const f = await reveal(tok.ent2, { kind: 'claim', id: claimId, field: 'accidentDesc' });
    expect(f.status).toBe(400);
    expect(f.body.result).toBe('该字段不支持查看完整信息');
    const bad = await reveal(tok.ent2, { kind: 'claim', id: -1, field: 'reporterPhone' });
    expect(bad.status).toBe(400);
    expect(bad.body.result).toContain('记录编号须为正整数');
    expect(
      (await post(t, '/api/pii/reveal', '', { kind: 'claim', id: claimId, field: 'reporterPhone' })).status,
    ).toBe(401);
  });
});

describe('training numbers', () => {
  let trainingId: number;
  let signUpId: number;
  beforeAll(async () => {
    const entOrg = await t.database.db
      .selectFrom('sysUser as u')
      .innerJoin('sysOrg as o', 'o.id', 'u.orgId')
      .select('o.districtCode')
      .where('u.username', '=', 'ent')
      .executeTakeFirstOrThrow();
    const at = (h: number) => new Date(t.clock.now().getTime() + h * HOUR).toISOString();
    const add = await post(
      t,
      '/api/training/add',
      tok.insurer,
      {
        topic: '有限空间作业安全培训',
        mode: 'offline',
        startsAt: at(48),
        endsAt: at(50),
        place: '宿迁市应急管理局三楼会议室',
        capacity: 10,
        targetDistricts: [entOrg.districtCode],
        contactName: '李联系',
        contactPhone: '13905271111',
      },
      idem(),
    );
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    trainingId = add.body.data.id as number;
    const s = await post(
      t,
      '/api/training/signUp',
      tok.ent,
      { trainingId, participants: 2, contactName: '王安全', contactPhone: '13905272222' },
      idem(),
    );
    expect(s.status, JSON.stringify(s.body)).toBe(200);
    const d = await post(t, `/api/training/detail?id=${trainingId}`, tok.insurer);
    signUpId = (d.body.data.signUps as Array<{ id: number }>)[0]!.id;
  });

  it('the detail masks the contact and the sign-ups; reveal gives them to the parties', async () => {
    const d = await post(t, `/api/training/detail?id=${trainingId}`, tok.ent);
    expect(d.body.data.contactPhone).toBe('139****1111');
    expect((d.body.data.signUps as Array<{ contactPhone: string }>)[0]!.contactPhone).toBe('139****2222');
    expect(JSON.stringify(d.body)).not.toMatch(/1390527(1111|2222)/);
    const a = await reveal(tok.ent, { kind: 'training', id: trainingId, field: 'contactPhone' });
    expect(a.body.data.value).toBe('13905271111');
    const b = await reveal(tok.insurer, { kind: 'trainingSignUp', id: signUpId, field: 'contactPhone' });
    expect(b.body.data.value).toBe('13905272222');
    expect(await logRows(`trainingSignUp:${signUpId}:contactPhone`)).toHaveLength(1);
  });

  it("another enterprise cannot reveal this enterprise's sign-up (404)", async () => {
    const r = await reveal(tok.ent2, { kind: 'trainingSignUp', id: signUpId, field: 'contactPhone' });
    expect(r.status).toBe(404);
  });

  it('editing with the masked number sent back keeps the full one; a foreign masked number is refused', async () => {
    const d = await post(t, `/api/training/detail?id=${trainingId}`, tok.insurer);
    const body = {
      id: trainingId,
      version: d.body.data.version,
      topic: '有限空间作业安全培训（更新）',
      mode: 'offline',
      startsAt: d.body.data.startsAt,
      endsAt: d.body.data.endsAt,
      place: '宿迁市应急管理局三楼会议室',
      capacity: 10,
      targetDistricts: d.body.data.targetDistricts,
      contactName: '李联系',
      contactPhone: '139****9999',
    };
    const bad = await post(t, '/api/training/edit', tok.insurer, body);
    expect(bad.status).toBe(400);
    expect(bad.body.result).toBe('联系电话不完整，请填写完整号码');
    const good = await post(t, '/api/training/edit', tok.insurer, { ...body, contactPhone: '139****1111' });
    expect(good.status, JSON.stringify(good.body)).toBe(200);
    const a = await reveal(tok.insurer, { kind: 'training', id: trainingId, field: 'contactPhone' });
    expect(a.body.data.value).toBe('13905271111');
  });
});

describe('draft key', () => {
  it('is the same for a user on every call, different between users, and needs a session', async () => {
    const a = await post(t, '/api/pii/draftKey', tok.ent);
    const b = await post(t, '/api/pii/draftKey', tok.ent);
    const c = await post(t, '/api/pii/draftKey', tok.ent2);
    expect(Buffer.from(String(a.body.data.key), 'base64')).toHaveLength(32);
    expect(a.body.data.key).toBe(b.body.data.key);
    expect(c.body.data.key).not.toBe(a.body.data.key);
    expect((await post(t, '/api/pii/draftKey', '')).status).toBe(401);
  });
});

describe('service organisation contacts', () => {
  let orgId: number;
  let service: string;
  let otherService: string;
  beforeAll(async () => {
    service = await t.login('service');
    otherService = await makeUser(t, 'service', 'pii-service-2', {
      orgId: await makeOrg(t, 'service', '宿迁市脱敏测试第二服务机构', '321311'),
    });
    orgId = (
      await t.database.db
        .selectFrom('sysUser')
        .select('orgId')
        .where('username', '=', 'service')
        .executeTakeFirstOrThrow()
    ).orgId!;
    await t.database.db
      .updateTable('sysOrg')
      .set({ contactPhoneEnc: encryptPhone('13912345601') })
      .where('id', '=', orgId)
      .execute();
    await t.database.db
      .updateTable('svServiceOrg')
      .set({ legalPhoneEnc: encryptPhone('13912345602'), safetyPhoneEnc: encryptPhone('13912345603') })
      .where('orgId', '=', orgId)
      .execute();
  });

  it('the detail, the list and the own profile carry the numbers masked', async () => {
    const d = await post(t, `/api/pool/org/detail?id=${orgId}`, tok.insurer);
    expect(d.body.data).toMatchObject({
      contactPhone: '139****5601',
      legalPhone: '139****5602',
      safetyPhone: '139****5603',
    });
    const mine = await post(t, '/api/pool/mine', service);
    expect(mine.body.data.org).toMatchObject({ contactPhone: '139****5601', legalPhone: '139****5602' });
    const list = await post(t, '/api/pool/org/list?pageNo=1&pageSize=100', tok.insurer);
    expect(JSON.stringify(list.body)).not.toMatch(/1391234560\d/);
  });

  it('the reader of the detail and the organisation itself reveal them; another organisation gets 404', async () => {
    const a = await reveal(tok.insurer, { kind: 'serviceOrg', id: orgId, field: 'legalPhone' });
    expect(a.body.data.value).toBe('13912345602');
    const own = await reveal(service, { kind: 'serviceOrg', id: orgId, field: 'contactPhone' });
    expect(own.body.data.value).toBe('13912345601');
    const other = await reveal(otherService, { kind: 'serviceOrg', id: orgId, field: 'safetyPhone' });
    expect(other.status).toBe(404);
    expect(JSON.stringify(other.body)).not.toContain('13912345603');
    expect(await logRows(`serviceOrg:${orgId}:legalPhone`)).toHaveLength(1);
  });

  it('saving the own profile with the masked numbers sent back keeps the stored ones', async () => {
    const org = (await post(t, '/api/pool/mine', service)).body.data.org as Record<string, unknown>;
    const res = await post(t, '/api/pool/mine/saveOrg', service, {
      version: org.version,
      contactName: '陈安泰',
      contactPhone: org.contactPhone,
      legalName: '王法人',
      legalPhone: org.legalPhone,
      safetyPhone: '139****0000',
      serviceItems: ['01'],
      regionCodes: ['321311'],
    });
    expect(res.status).toBe(400);
    expect(res.body.result).toBe('安全负责人电话不完整，请填写完整号码');
    const ok = await post(t, '/api/pool/mine/saveOrg', service, {
      version: org.version,
      contactName: '陈安泰',
      contactPhone: org.contactPhone,
      legalName: '王法人',
      legalPhone: org.legalPhone,
      safetyPhone: org.safetyPhone,
      serviceItems: ['01'],
      regionCodes: ['321311'],
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    for (const [field, full] of [
      ['contactPhone', '13912345601'],
      ['legalPhone', '13912345602'],
      ['safetyPhone', '13912345603'],
    ])
      expect((await reveal(service, { kind: 'serviceOrg', id: orgId, field })).body.data.value).toBe(full);
  });
});

describe("a plan's experts", () => {
  let planId: number;
  beforeAll(async () => {
    const ent2Org = await orgIdOf(t, 'ent2');
    ({ planId } = await checkPlanOn(t, tok.insurer, policyId, ent2Org, 'AP-PII-1'));
    const d = await post(t, `/api/prevention/plan/detail?id=${planId}`, tok.insurer);
    const save = await post(t, '/api/prevention/plan/save', tok.insurer, {
      id: planId,
      version: d.body.data.version,
      item: '03',
      name: '综合隐患排查',
      providerOrgId: d.body.data.providerOrgId,
      plannedStart: d.body.data.plannedStart,
      plannedEnd: d.body.data.plannedEnd,
      experts: [
        { name: '吴志明', title: '注册安全工程师', phone: '13912340001' },
        { name: '郑安全', title: '高级工程师', phone: '13912340002' },
      ],
    });
    expect(save.status, JSON.stringify(save.body)).toBe(200);
  });

  it('the plan detail masks the experts; reveal by position gives the number to a party', async () => {
    const d = await post(t, `/api/prevention/plan/detail?id=${planId}`, tok.ent2);
    expect((d.body.data.experts as Array<{ phone: string }>).map((e) => e.phone)).toEqual([
      '139****0001',
      '139****0002',
    ]);
    const r = await reveal(tok.ent2, { kind: 'plan', id: planId, field: 'expertPhone', index: 1 });
    expect(r.body.data.value).toBe('13912340002');
    expect(await logRows(`plan:${planId}:expertPhone#1`)).toHaveLength(1);
    expect(
      (await reveal(tok.ent2, { kind: 'plan', id: planId, field: 'expertPhone', index: 5 })).status,
    ).toBe(404);
    // Another enterprise, not a party of the plan.
    expect((await reveal(tok.ent, { kind: 'plan', id: planId, field: 'expertPhone' })).status).toBe(404);
  });

  it('saving the plan with the masked numbers sent back keeps the stored ones', async () => {
    const d = await post(t, `/api/prevention/plan/detail?id=${planId}`, tok.insurer);
    const save = await post(t, '/api/prevention/plan/save', tok.insurer, {
      id: planId,
      version: d.body.data.version,
      item: '03',
      name: '综合隐患排查',
      providerOrgId: d.body.data.providerOrgId,
      plannedStart: d.body.data.plannedStart,
      plannedEnd: d.body.data.plannedEnd,
      // Swapped order: each masked number still finds its own full number.
      experts: [...(d.body.data.experts as Array<Record<string, unknown>>)].reverse(),
    });
    expect(save.status, JSON.stringify(save.body)).toBe(200);
    const first = await reveal(tok.insurer, { kind: 'plan', id: planId, field: 'expertPhone', index: 0 });
    expect(first.body.data.value).toBe('13912340002');
  });
});

describe("a project's contact", () => {
  it('the detail masks it, a party reveals it, and saving with the masked number keeps it', async () => {
    const add = await post(
      t,
      '/api/prevention/project/add',
      tok.insurer,
      await projectBody(t, [policyId], { contractNo: 'AP-PII-PROJECT', contactPhone: '13912340100' }),
      idem(),
    );
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    const id = add.body.data.id as number;
    const d = await post(t, `/api/prevention/project/detail?id=${id}`, tok.insurer);
    expect(d.body.data.contactPhone).toBe('139****0100');
    const full = await reveal(tok.insurer, { kind: 'project', id, field: 'contactPhone' });
    expect(full.body.data.value).toBe('13912340100');
    // A party of another project only (the enterprise ent has no policy on it).
    expect((await reveal(tok.ent, { kind: 'project', id, field: 'contactPhone' })).status).toBe(404);
    const p = d.body.data as Record<string, unknown>;
    const save = await post(t, '/api/prevention/project/save', tok.insurer, {
      ...(await projectBody(t, [policyId], { contractNo: 'AP-PII-PROJECT' })),
      id,
      version: p.version,
      contactPhone: p.contactPhone,
      description: '更新说明',
    });
    expect(save.status, JSON.stringify(save.body)).toBe(200);
    expect((await reveal(tok.insurer, { kind: 'project', id, field: 'contactPhone' })).body.data.value).toBe(
      '13912340100',
    );
  });
});
