import { addDays, oneYearEnd } from '@aqzrx/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import {
  download,
  idem,
  issueEnt2Policy,
  makeUser,
  orgIdOf,
  policyBody,
  post,
  profileBody,
  secondInsurerId,
  TEST_PDF,
  today,
  uploadPdf,
} from './policy.testkit.ts';

let t: TestContext;
let ent: string;
let ent2: string;
let insurer: string;
let insurer2: string;
let gov: string;
let insurerId: number;
let insurer2Id: number;
beforeAll(async () => {
  t = await createTestContext({ LOGIN_RATE_MAX: '1000', API_RATE_MAX: '100000' });
  [ent, ent2, insurer, gov] = await Promise.all([
    t.login('ent'),
    t.login('ent2'),
    t.login('insurer'),
    t.login('gov'),
  ]);
  insurerId = await orgIdOf(t, 'insurer');
  insurer2Id = await secondInsurerId(t);
  insurer2 = await makeUser(t, 'insurer', 'insurer2', { orgId: insurer2Id });
  const mine = await post(t, '/api/enterprise/mine', ent2);
  await post(t, '/api/enterprise/saveMine', ent2, { ...profileBody(), version: mine.body.data.version });
});
afterAll(() => t.close());

describe('policy list and scope', () => {
  it('401 without a token, 403 for a role without policy.query', async () => {
    expect((await post(t, '/api/policy/list', undefined)).status).toBe(401);
    const admin = await t.login('admin');
    expect((await post(t, '/api/policy/list', admin)).status).toBe(403);
  });

  it('the enterprise sees only its own policies; states derive from dates', async () => {
    const res = await post(t, '/api/policy/list?pageSize=50', ent);
    expect(res.status).toBe(200);
    const list = res.body.data.page.list;
    const entId = await orgIdOf(t, 'ent');
    expect(list.length).toBeGreaterThanOrEqual(2);
    expect(list.every((p) => p.enterpriseId === entId)).toBe(true);
    const states = list.map((p) => p.state);
    expect(states).toContain('expired');
    expect(states.some((s) => s === 'active' || s === 'expiring')).toBe(true);
    const active = list.find((p) => p.state === 'active' || p.state === 'expiring')!;
    expect(active.sumInsuredWan).toBe((active.sumInsured as number) / 10000);
  });

  it('an insurer sees the policies it underwrites as lead or co-insurer, nothing else', async () => {
    const res = await post(t, '/api/policy/list?pageSize=500&state=valid', insurer2);
    const list = res.body.data.page.list;
    expect(list.length).toBeGreaterThan(0);
    const ids = list.map((p) => p.id as number);
    const rows = await t.database.db
      .selectFrom('insPolicyCoinsurer')
      .select(['policyId', 'insurerId'])
      .where('policyId', 'in', ids)
      .execute();
    for (const id of ids)
      expect(rows.some((r) => r.policyId === id && r.insurerId === insurer2Id)).toBe(true);
    // A co-insured policy led by someone else is visible to the follower.
    expect(list.some((p) => p.insurerId !== insurer2Id)).toBe(true);
    const other = await t.database.db
      .selectFrom('insPolicy as p')
      .select('p.id')
      .where('p.id', 'not in', (eb) =>
        eb.selectFrom('insPolicyCoinsurer').select('policyId').where('insurerId', '=', insurer2Id),
      )
      .executeTakeFirstOrThrow();
    const denied = await post(t, `/api/policy/detail?id=${other.id}`, insurer2);
    expect(denied.status).toBe(404);
    const missing = await post(t, '/api/policy/detail?id=999999', insurer2);
    expect(missing.status).toBe(404);
    expect(denied.body.result).toBe(missing.body.result);
  });

  it('another enterprise gets 404 for a policy that is not its own', async () => {
    const mineList = await post(t, '/api/policy/list', ent);
    const id = mineList.body.data.page.list[0]!.id;
    expect((await post(t, `/api/policy/detail?id=${id}`, ent2)).status).toBe(404);
    expect((await post(t, `/api/policy/detail?id=${id}`, ent)).status).toBe(200);
  });

  it('government sees issued policies of its districts only, read-only', async () => {
    const all = await post(t, '/api/policy/list?pageSize=1', gov);
    expect(all.body.data.page.total).toBeGreaterThan(400);
    const one = await makeUser(t, 'gov', 'gov-sucheng', { districtCodes: '321302' });
    const res = await post(t, '/api/policy/list?pageSize=500', one);
    const list = res.body.data.page.list;
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((p) => p.districtCode === '321302')).toBe(true);
    expect(
      list.every((p) =>
        ['pending', 'active', 'expiring', 'expired', 'cancelled'].includes(p.state as string),
      ),
    ).toBe(true);
    const elsewhere = await t.database.db
      .selectFrom('insPolicy')
      .select('id')
      .where('districtCode', '=', '321324')
      .where('status', '=', 'approved')
      .executeTakeFirstOrThrow();
    expect((await post(t, `/api/policy/detail?id=${elsewhere.id}`, one)).status).toBe(404);
    expect((await post(t, `/api/policy/detail?id=${elsewhere.id}`, gov)).status).toBe(200);
    expect((await post(t, '/api/policy/add', gov, policyBody(today(t), 10), idem())).status).toBe(403);
  });

  it('filters by state, district, keyword and year', async () => {
    const exp = await post(t, '/api/policy/list?state=expired&pageSize=20', gov);
    expect(exp.body.data.page.list.every((p) => p.state === 'expired')).toBe(true);
    const expiring = await post(t, '/api/policy/list?state=expiring&pageSize=100', gov);
    expect(expiring.body.data.page.list.every((p) => p.state === 'expiring')).toBe(true);
    const d = await post(t, '/api/policy/list?districtCode=321322&pageSize=100', gov);
    expect(d.body.data.page.list.every((p) => p.districtCode === '321322')).toBe(true);
    const first = (await post(t, '/api/policy/list', ent)).body.data.page.list[0]!;
    const byNo = await post(t, `/api/policy/list?keyword=${first.policyNo}`, gov);
    expect(byNo.body.data.page.list.map((p) => p.id)).toEqual([first.id]);
    const year = Number((first.startDate as string).slice(0, 4));
    const y = await post(t, `/api/policy/list?year=${year}&pageSize=100`, gov);
    expect(y.body.data.page.list.every((p) => (p.startDate as string).startsWith(String(year)))).toBe(true);
    expect((await post(t, '/api/policy/list?state=bogus', gov)).status).toBe(400);
  });
});

describe('apply, submit, review', () => {
  it('needs an Idempotency-Key; the same key and body create one policy; another body is 422', async () => {
    const start = addDays(today(t), 400);
    const body = { ...policyBody(start, 25), insurerId };
    expect((await post(t, '/api/policy/add', ent2, body)).status).toBe(400);
    const key = { 'idempotency-key': `policy-${Date.now()}` };
    const a = await post(t, '/api/policy/add', ent2, body, key);
    expect(a.status).toBe(200);
    const b = await post(t, '/api/policy/add', ent2, body, key);
    expect(b.status).toBe(200);
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect(b.body.data.id).toBe(a.body.data.id);
    const c = await post(t, '/api/policy/add', ent2, { ...body, premium: 11401 }, key);
    expect(c.status).toBe(422);
    const count = await t.database.db
      .selectFrom('insPolicy')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('enterpriseId', '=', await orgIdOf(t, 'ent2'))
      .where('startDate', '=', start)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
    expect((await post(t, '/api/policy/add', ent2, body, { 'idempotency-key': 'short' })).status).toBe(400);
  });

  it('two concurrent submissions with one key create one policy', async () => {
    const start = addDays(today(t), 800);
    const body = { ...policyBody(start, 25), insurerId };
    const key = { 'idempotency-key': `concurrent-${Date.now()}` };
    const [a, b] = await Promise.all([
      post(t, '/api/policy/add', ent2, body, key),
      post(t, '/api/policy/add', ent2, body, key),
    ]);
    const statuses = [a.status, b.status].sort();
    expect(statuses[0]).toBe(200);
    expect([200, 409]).toContain(statuses[1]);
    const n = await t.database.db
      .selectFrom('insPolicy')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('startDate', '=', start)
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(1);
  });

  it('refuses broken terms with Chinese reasons (period, floor from settings, fee cap, shares)', async () => {
    const start = addDays(today(t), 1200);
    const base = { ...policyBody(start, 25), insurerId };
    // Submitting checks every rule (a draft is checked when it is submitted: see the draft test).
    const send = (b: object) => post(t, '/api/policy/add', ent2, { ...b, submit: true }, idem());
    let r = await send({ ...base, endDate: addDays(oneYearEnd(start), 1) });
    expect(r.status).toBe(400);
    expect(r.body.result).toContain('最长一年');
    r = await send({ ...base, perPersonLimit: 300000, medicalLimit: 0 });
    expect(r.body.result).toContain('不得低于400000元');
    r = await send({ ...base, preventionFeePct: 25 });
    expect(r.body.result).toContain('21%');
    r = await send({
      ...base,
      coinsurers: [
        { insurerId, role: '01', share: 60 },
        { insurerId: insurer2Id, role: '02', share: 30 },
      ],
    });
    expect(r.body.result).toContain('合计须为100%');
    r = await send({ ...base, headcount: 0 });
    expect(r.status).toBe(400);
    expect(r.body.result).toContain('headcount');
    // The floor is a setting read per request.
    await t.app.deps.settings.set(
      t.database.db,
      'insurance',
      {
        ...(await t.app.deps.settings.get('insurance')),
        minPerPersonLimit: 500000,
      },
      null,
    );
    r = await send(base);
    expect(r.body.result).toContain('不得低于500000元');
    await t.app.deps.settings.set(
      t.database.db,
      'insurance',
      {
        ...(await t.app.deps.settings.get('insurance')),
        minPerPersonLimit: 400000,
      },
      null,
    );
    const ok = await send(base);
    expect(ok.status).toBe(200);
    expect(ok.body.result).toBe('已提交审核');
  });

  it('submit checks full headcount and overlaps; the lead insurer issues; a follower cannot', async () => {
    const start = addDays(today(t), 1600);
    const add = await post(
      t,
      '/api/policy/add',
      ent2,
      {
        ...policyBody(start, 20),
        insurerId,
        coinsurers: [
          { insurerId, role: '01', share: 70 },
          { insurerId: insurer2Id, role: '02', share: 30 },
        ],
      },
      idem(),
    );
    expect(add.status).toBe(200);
    const id = add.body.data.id as number;
    let d = await post(t, `/api/policy/detail?id=${id}`, ent2);
    expect(d.body.data.status).toBe('draft');
    expect(d.body.data.actions).toMatchObject({ edit: true, submit: true, review: false });
    expect(d.body.data.coinsurers).toHaveLength(2);
    // Drafts are the entering side's own: the insurer does not see them yet.
    expect((await post(t, `/api/policy/detail?id=${id}`, insurer)).status).toBe(404);
    let s = await post(t, `/api/policy/submit?id=${id}&version=${d.body.data.version}`, ent2);
    expect(s.status).toBe(409);
    expect(s.body.result).toContain('须全员投保');
    const edit = await post(t, '/api/policy/edit', ent2, {
      ...policyBody(start, 25),
      insurerId,
      coinsurers: [
        { insurerId, role: '01', share: 70 },
        { insurerId: insurer2Id, role: '02', share: 30 },
      ],
      id,
      version: d.body.data.version,
    });
    expect(edit.status).toBe(200);
    const stale = await post(t, '/api/policy/edit', ent2, {
      ...policyBody(start, 25),
      insurerId,
      id,
      version: d.body.data.version,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('STALE_VERSION');
    s = await post(t, `/api/policy/submit?id=${id}&version=${edit.body.data.version}`, ent2);
    expect(s.status).toBe(200);
    d = await post(t, `/api/policy/detail?id=${id}`, insurer2);
    expect(d.status).toBe(200);
    expect(d.body.data.actions).toMatchObject({ review: false });
    const follower = await post(t, '/api/policy/review', insurer2, {
      id,
      version: d.body.data.version,
      approve: true,
      policyNo: 'X1',
    });
    expect(follower.status).toBe(403);
    const noNo = await post(t, '/api/policy/review', insurer, {
      id,
      version: d.body.data.version,
      approve: true,
    });
    expect(noNo.status).toBe(400);
    const noReason = await post(t, '/api/policy/review', insurer, {
      id,
      version: d.body.data.version,
      approve: false,
    });
    expect(noReason.status).toBe(400);
    const ok = await post(t, '/api/policy/review', insurer, {
      id,
      version: d.body.data.version,
      approve: true,
      policyNo: 'PICC-TEST-0001',
    });
    expect(ok.status).toBe(200);
    d = await post(t, `/api/policy/detail?id=${id}`, ent2);
    expect(d.body.data).toMatchObject({
      status: 'approved',
      state: 'pending',
      policyNo: 'PICC-TEST-0001',
      perAccidentLimit: 10_000_000,
    });
    const versions = await post(t, `/api/policy/versions?id=${id}`, ent2);
    expect(versions.body.data).toHaveLength(1);
    // Another policy overlapping this one cannot be submitted.
    const clash = await post(
      t,
      '/api/policy/add',
      ent2,
      { ...policyBody(addDays(start, 100), 25), insurerId, submit: true },
      idem(),
    );
    expect(clash.status).toBe(409);
    expect(clash.body.result).toContain('重叠');
    // A duplicate policy number is refused.
    const other = await post(
      t,
      '/api/policy/add',
      ent2,
      { ...policyBody(addDays(start, 2000), 25), insurerId, submit: true },
      idem(),
    );
    const od = await post(t, `/api/policy/detail?id=${other.body.data.id}`, insurer);
    const dup = await post(t, '/api/policy/review', insurer, {
      id: other.body.data.id,
      version: od.body.data.version,
      approve: true,
      policyNo: 'PICC-TEST-0001',
    });
    expect(dup.status).toBe(409);
  });

  it('an enterprise application cannot start in the past; an insurer may enter one for an enterprise', async () => {
    const past = addDays(today(t), -400);
    const r = await post(
      t,
      '/api/policy/add',
      ent2,
      { ...policyBody(past, 25), insurerId, submit: true },
      idem(),
    );
    expect(r.status).toBe(409);
    expect(r.body.result).toContain('起期不能早于今天');
    const opts = await post(
      t,
      `/api/policy/enterpriseOptions?keyword=${encodeURIComponent('顺达')}`,
      insurer,
    );
    expect(opts.status).toBe(200);
    const target = (opts.body.data as unknown as Array<{ id: number }>)[0]!;
    const byIns = await post(
      t,
      '/api/policy/add',
      insurer,
      { ...policyBody(past, 25), enterpriseId: target.id, submit: true },
      idem(),
    );
    expect(byIns.status).toBe(200);
    expect(
      (await post(t, `/api/policy/enterpriseOptions?keyword=${encodeURIComponent('顺达')}`, ent2)).status,
    ).toBe(403);
  });

  it('exports the visible policies as .xlsx with units in the headers', async () => {
    const res = await t.call({ method: 'POST', url: '/api/policy/export?state=valid', token: insurer });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const { default: ExcelJS } = await import('exceljs');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const header = wb.worksheets[0]!.getRow(1).values as unknown[];
    expect(header).toContain('保额（万元）');
    expect(header).toContain('保费（元）');
    expect(wb.worksheets[0]!.rowCount).toBeGreaterThan(10);
  });

  it('portal statistics show real figures', async () => {
    const res = await t.call({ method: 'GET', url: '/api/public/portalStats' });
    const items = res.json().data.items as Array<{ name: string; value: number; unit: string }>;
    const by = Object.fromEntries(items.map((i) => [i.name, i]));
    expect(by.insuredEnterprises!.value).toBeGreaterThan(100);
    expect(by.premium!.value).toBeGreaterThan(0);
    expect(by.sumInsured!.unit).toBe('万元');
    expect(by.claims!.value).toBeGreaterThanOrEqual(0);
  });
});

describe('issued policy helper', () => {
  it('issues a policy for ent2 through the API', async () => {
    const id = await issueEnt2Policy(t, { ent2, insurer }, 3000, 'PICC-HELPER-1');
    const d = await post(t, `/api/policy/detail?id=${id}`, ent2);
    expect(d.body.data.status).toBe('approved');
  });
});

describe('attachments', () => {
  it('/api/policy/file: the parties get the bytes; another enterprise or insurer gets 404 like a missing policy', async () => {
    const fileId = await uploadPdf(t, ent2, '投保单.pdf');
    const add = await post(
      t,
      '/api/policy/add',
      ent2,
      { ...policyBody(addDays(today(t), 4200), 25), insurerId, attachments: [fileId], submit: true },
      idem(),
    );
    expect(add.status).toBe(200);
    const id = add.body.data.id as number;
    const url = `/api/policy/file?id=${id}&fileId=${fileId}`;
    for (const owner of [ent2, insurer]) {
      const got = await download(t, url, owner);
      expect(got.status).toBe(200);
      expect(got.bytes.equals(TEST_PDF)).toBe(true);
    }
    const missing = await download(t, `/api/policy/file?id=999999&fileId=${fileId}`, ent2);
    expect(missing.status).toBe(404);
    for (const stranger of [ent, insurer2]) {
      const res = await download(t, url, stranger);
      expect(res.status).toBe(404);
      expect(res.result).toBe(missing.result);
      expect(res.bytes.includes(TEST_PDF)).toBe(false);
    }
    // A file of the owner that is not attached to the policy is not served through it.
    const loose = await uploadPdf(t, ent2, '其他.pdf');
    expect((await download(t, `/api/policy/file?id=${id}&fileId=${loose}`, ent2)).status).toBe(404);
    expect((await download(t, `/api/policy/file?id=${id}&fileId=${fileId}`, gov)).status).toBe(404);
  });
});

describe('enterprise status 3 (information incomplete)', () => {
  const countOf = async (enterpriseId: number) =>
    Number(
      (
        await t.database.db
          .selectFrom('insPolicy')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('enterpriseId', '=', enterpriseId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('an incomplete enterprise cannot apply, and no insurer can enter a policy for it', async () => {
    const ent3 = await t.login('ent3');
    const ent3Id = await orgIdOf(t, 'ent3');
    const before = await countOf(ent3Id);
    const own = await post(
      t,
      '/api/policy/add',
      ent3,
      { ...policyBody(addDays(today(t), 5000), 25), insurerId, submit: true },
      idem(),
    );
    expect(own.status).toBe(409);
    expect(own.body.result).toBe('请先完善企业信息后再投保');
    const byIns = await post(
      t,
      '/api/policy/add',
      insurer,
      { ...policyBody(addDays(today(t), 5000), 25), enterpriseId: ent3Id },
      idem(),
    );
    expect(byIns.status).toBe(409);
    expect(byIns.body.result).toBe('该企业尚未完善企业信息，须由企业先完善企业信息后才能录入保单');
    expect(await countOf(ent3Id)).toBe(before);
  });

  it('an enterprise whose information is incomplete can neither edit nor submit its application', async () => {
    const start = addDays(today(t), 5400);
    const add = await post(t, '/api/policy/add', ent2, { ...policyBody(start, 25), insurerId }, idem());
    expect(add.status).toBe(200);
    const id = add.body.data.id as number;
    const d = await post(t, `/api/policy/detail?id=${id}`, ent2);
    const ent2Id = await orgIdOf(t, 'ent2');
    const flag = (infoComplete: boolean) =>
      t.database.db.updateTable('insEnterprise').set({ infoComplete }).where('id', '=', ent2Id).execute();
    await flag(false);
    try {
      const edit = await post(t, '/api/policy/edit', ent2, {
        ...policyBody(start, 25),
        insurerId,
        remark: '改一下',
        id,
        version: d.body.data.version,
      });
      expect(edit.status).toBe(409);
      expect(edit.body.result).toBe('请先完善企业信息后再投保');
      const submit = await post(t, `/api/policy/submit?id=${id}&version=${d.body.data.version}`, ent2);
      expect(submit.status).toBe(409);
      expect(submit.body.result).toBe('请先完善企业信息后再投保');
      const after = await post(t, `/api/policy/detail?id=${id}`, ent2);
      expect(after.body.data).toMatchObject({ status: 'draft', version: d.body.data.version, remark: '' });
    } finally {
      await flag(true);
    }
    const submit = await post(t, `/api/policy/submit?id=${id}&version=${d.body.data.version}`, ent2);
    expect(submit.status).toBe(200);
  });
});
