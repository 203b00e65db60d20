import { usccCheckChar } from '@aqzrx/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { decryptPhone, encryptPhone } from '../../platform/pii.ts';
import { makeUser, orgIdOf, post, profileBody, waitForLog } from '../policy/policy.testkit.ts';

let t: TestContext;
let gov: string;
let ent: string;
let ent2: string;
let insurer: string;
beforeAll(async () => {
  t = await createTestContext({ LOGIN_RATE_MAX: '1000', API_RATE_MAX: '100000' });
  [gov, ent, ent2, insurer] = await Promise.all([
    t.login('gov'),
    t.login('ent'),
    t.login('ent2'),
    t.login('insurer'),
  ]);
});
afterAll(() => t.close());

const code = (body17: string) => body17 + usccCheckChar(body17);
const wrongCheck = (body17: string) => body17 + (usccCheckChar(body17) === '1' ? '2' : '1');

describe('enterprise list and detail', () => {
  it('government lists the 300 enterprises of its districts with derived flags; filters apply', async () => {
    const all = await post(t, '/api/enterprise/list?pageSize=20', gov);
    expect(all.status).toBe(200);
    expect(all.body.data.page.total).toBe(300);
    const row = all.body.data.page.list[0]!;
    expect(row).toHaveProperty('mustInsure');
    expect(row).toHaveProperty('insuredNow');
    expect(row).toHaveProperty('riskLevel');
    expect(row).toHaveProperty('riskLevelLabel');
    expect(row).toHaveProperty('scoreGrade');
    expect(row.legalMobile).toMatch(/^1\d{2}\*{4}\d{4}$/);
    const must = await post(t, '/api/enterprise/list?mustInsure=true&insured=false&pageSize=100', gov);
    expect(must.body.data.page.list.every((e) => e.mustInsure === true && e.insuredNow === false)).toBe(true);
    const d = await post(t, '/api/enterprise/list?districtCode=321323&pageSize=100', gov);
    expect(d.body.data.page.list.every((e) => e.districtCode === '321323')).toBe(true);
    const kw = await post(t, `/api/enterprise/list?keyword=${encodeURIComponent('恒安化工')}`, gov);
    expect(kw.body.data.page.list.map((e) => e.name)).toEqual(['宿迁市恒安化工有限公司']);
    const risky = await post(t, '/api/enterprise/list?sortField=score&sortOrder=ascend&pageSize=5', gov);
    const scores = risky.body.data.page.list.map((e) => e.score as number);
    expect([...scores].sort((a, b) => a - b)).toEqual(scores);
    expect((await post(t, "/api/enterprise/list?keyword=' OR 1=1--", gov)).body.data.page.total).toBe(0);
    expect((await post(t, '/api/enterprise/list?riskLevel=9', gov)).status).toBe(400);
  });

  it('a government user of one district sees only it; out-of-district ids answer 404', async () => {
    const one = await makeUser(t, 'gov', 'ent-gov-siyang', { districtCodes: '321323' });
    const list = await post(t, '/api/enterprise/list?pageSize=100', one);
    const inSiyang = await t.database.db
      .selectFrom('sysOrg')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('orgType', '=', 'enterprise')
      .where('districtCode', '=', '321323')
      .executeTakeFirstOrThrow();
    expect(list.body.data.page.total).toBe(Number(inSiyang.n));
    expect(list.body.data.page.list.every((e) => e.districtCode === '321323')).toBe(true);
    // The seeded demo account of 泗阳县 is such a user.
    const seeded = await post(t, '/api/enterprise/list?pageSize=10', await t.login('gov_sy'));
    expect(seeded.body.data.page.total).toBe(Number(inSiyang.n));
    const heng = await orgIdOf(t, 'ent');
    expect((await post(t, `/api/enterprise/detail?id=${heng}`, one)).status).toBe(404);
    expect((await post(t, `/api/enterprise/detail?id=${heng}`, gov)).status).toBe(200);
    const add = await post(
      t,
      '/api/enterprise/add',
      one,
      profileBody({
        uscc: code('91321302MA9YY0001'),
        name: '宿城区越权新增有限公司',
        districtCode: '321302',
      }),
    );
    // A district outside the user's own is a field problem (400), not a lost right (403 logs out).
    expect(add.status).toBe(400);
    expect(add.body.result).toContain('不在本辖区');
  });

  it('an enterprise sees itself only; insurers have no enterprise permission', async () => {
    const list = await post(t, '/api/enterprise/list', ent);
    expect(list.body.data.page.total).toBe(1);
    const ent2Id = await orgIdOf(t, 'ent2');
    expect((await post(t, `/api/enterprise/detail?id=${ent2Id}`, ent)).status).toBe(404);
    expect((await post(t, '/api/enterprise/list', insurer)).status).toBe(403);
    expect((await post(t, '/api/enterprise/list', undefined)).status).toBe(401);
  });

  it('details mask mobiles for the regulator; the full numbers are an audited view', async () => {
    const heng = await orgIdOf(t, 'ent');
    const d = await post(t, `/api/enterprise/detail?id=${heng}`, gov);
    expect(d.body.data.legalMobile).toMatch(/^1\d{2}\*{4}\d{4}$/);
    expect(d.body.data.mobilesMasked).toBe(true);
    const since = t.clock.now();
    const c = await post(t, `/api/enterprise/contacts?id=${heng}`, gov);
    const full = c.body.data.legalMobile as string;
    expect(full).toMatch(/^1\d{10}$/);
    expect(d.body.data.legalMobile).toBe(`${full.slice(0, 3)}****${full.slice(-4)}`);
    const log = await waitForLog(t, '/api/enterprise/contacts', since);
    expect(log).toMatchObject({ kind: 'get', targetId: String(heng), username: 'gov' });
    expect(log.params).not.toContain(full);
  });
});

describe("the enterprise's own profile (security P04)", () => {
  let heng: number;
  const FULL = { legalMobile: '13905270011', safetyMobile: '13905270022', legalDutyPhone: '13905270033' };
  const reveal = (token: string, id: number, field: string) =>
    post(t, '/api/pii/reveal', token, { kind: 'enterprise', id, field });
  beforeAll(async () => {
    heng = await orgIdOf(t, 'ent');
    await t.database.db
      .updateTable('insEnterprise')
      .set({
        legalMobileEnc: encryptPhone(FULL.legalMobile),
        safetyMobileEnc: encryptPhone(FULL.safetyMobile),
        legalDutyPhoneEnc: encryptPhone(FULL.legalDutyPhone),
      })
      .where('id', '=', heng)
      .execute();
  });
  /** The 企业信息 form's body from what /api/enterprise/mine answered: every number as shown (masked). */
  const mineBody = (d: Record<string, unknown>, over: Record<string, unknown> = {}) => {
    const opt = (k: string) => (d[k] === null || d[k] === '' ? {} : { [k]: d[k] });
    return {
      name: d.name,
      uscc: d.uscc,
      districtCode: d.districtCode,
      address: d.address,
      wsIndustryCode: d.wsIndustryCode,
      gbIndustryCode: d.gbIndustryCode,
      employees: d.employees,
      operatingStatus: d.operatingStatus,
      businessScope: d.businessScope,
      legalName: d.legalName,
      legalMobile: d.legalMobile,
      legalDutyPhone: d.legalDutyPhone,
      safetyName: d.safetyName,
      safetyMobile: d.safetyMobile,
      stdGrade: d.stdGrade,
      version: d.version,
      ...opt('annualTurnover'),
      ...opt('legalEmail'),
      ...opt('businessLicenceFileId'),
      ...opt('licenceNo'),
      ...opt('licenceFileId'),
      ...opt('licenceStart'),
      ...opt('licenceEnd'),
      ...over,
    };
  };
  const stored = async () => {
    const r = await t.database.db
      .selectFrom('insEnterprise')
      .select(['legalMobileEnc', 'safetyMobileEnc', 'legalDutyPhoneEnc', 'version'])
      .where('id', '=', heng)
      .executeTakeFirstOrThrow();
    return {
      legalMobile: decryptPhone(r.legalMobileEnc),
      safetyMobile: decryptPhone(r.safetyMobileEnc),
      legalDutyPhone: decryptPhone(r.legalDutyPhoneEnc),
      version: r.version,
    };
  };

  it('the own 企业信息 answers the numbers masked, like the list', async () => {
    const mine = await post(t, '/api/enterprise/mine', ent);
    expect(mine.status).toBe(200);
    expect(mine.body.data).toMatchObject({
      legalMobile: '139****0011',
      safetyMobile: '139****0022',
      legalDutyPhone: '139****0033',
      mobilesMasked: true,
    });
    expect(JSON.stringify(mine.body)).not.toMatch(/1390527003[123]/);
    const list = await post(t, '/api/enterprise/list', ent);
    expect(JSON.stringify(list.body)).not.toMatch(/1390527003[123]/);
  });

  it('the enterprise itself and its regulator reveal a number (audited); another enterprise gets 404', async () => {
    const own = await reveal(ent, heng, 'safetyMobile');
    expect(own.status).toBe(200);
    expect(own.body.data.value).toBe(FULL.safetyMobile);
    expect((await reveal(ent, heng, 'legalDutyPhone')).body.data.value).toBe(FULL.legalDutyPhone);
    expect((await reveal(gov, heng, 'legalMobile')).body.data.value).toBe(FULL.legalMobile);
    const other = await reveal(ent2, heng, 'legalMobile');
    expect(other.status).toBe(404);
    expect(JSON.stringify(other.body)).not.toContain(FULL.legalMobile);
    expect((await reveal(insurer, heng, 'legalMobile')).status).toBe(403);
    expect((await reveal(ent, heng, 'legalEmail')).status).toBe(400);
    const rows = await t.database.db
      .selectFrom('sysOperLog')
      .select(['module', 'outcome', 'username', 'params'])
      .where('targetId', 'in', [`enterprise:${heng}:safetyMobile`, `enterprise:${heng}:legalMobile`])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.module, r.outcome, r.username])).toEqual([
      ['敏感信息查看', 'success', 'ent'],
      ['敏感信息查看', 'success', 'gov'],
      ['敏感信息查看', 'fail', 'ent2'],
      // Without the detail's permission: the platform's 403 row.
      ['访问拒绝', 'fail', 'insurer'],
    ]);
    expect(JSON.stringify(rows)).not.toMatch(/1390527003[123]/);
  });

  it('saving with the masked numbers sent back keeps the stored ones; a mask of another number is refused', async () => {
    const d = (await post(t, '/api/enterprise/mine', ent)).body.data as Record<string, unknown>;
    const before = await stored();
    const foreign = await post(
      t,
      '/api/enterprise/saveMine',
      ent,
      mineBody(d, { safetyMobile: '139****9999' }),
    );
    expect(foreign.status).toBe(400);
    expect(foreign.body.result).toBe('安全负责人手机号不完整，请填写完整号码');
    expect(await stored()).toEqual(before);
    const kept = await post(t, '/api/enterprise/saveMine', ent, mineBody(d));
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(await stored()).toEqual({ ...FULL, version: before.version + 1 });
    // A new full number replaces the stored one; the regulator's edit resolves masks the same way.
    const d2 = (await post(t, '/api/enterprise/mine', ent)).body.data as Record<string, unknown>;
    const changed = await post(
      t,
      '/api/enterprise/saveMine',
      ent,
      mineBody(d2, { legalMobile: '13905270044' }),
    );
    expect(changed.status).toBe(200);
    expect((await stored()).legalMobile).toBe('13905270044');
    const d3 = (await post(t, `/api/enterprise/detail?id=${heng}`, gov)).body.data as Record<string, unknown>;
    const { version: v3, ...govBody } = mineBody(d3);
    const byGov = await post(t, '/api/enterprise/edit', gov, { ...govBody, id: heng, version: v3 });
    expect(byGov.status, JSON.stringify(byGov.body)).toBe(200);
    expect(await stored()).toEqual({ ...FULL, legalMobile: '13905270044', version: before.version + 3 });
  });
});

describe('add, edit, info completion', () => {
  let id: number;
  it('government adds an enterprise; bad USCC names the field; a duplicate USCC is 409', async () => {
    const bad = await post(
      t,
      '/api/enterprise/add',
      gov,
      profileBody({ uscc: wrongCheck('91321302MA9YY0001'), name: '宿迁市新增测试有限公司' }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.result).toContain('uscc');
    expect(bad.body.result).toContain('校验位');
    const badMobile = await post(
      t,
      '/api/enterprise/add',
      gov,
      profileBody({ uscc: code('91321302MA9YY0002'), legalMobile: '1380527000' }),
    );
    expect(badMobile.body.result).toContain('手机号');
    const ok = await post(
      t,
      '/api/enterprise/add',
      gov,
      profileBody({
        uscc: code('91321302MA9YY0003'),
        name: '宿迁市新增测试有限公司',
        districtCode: '321302',
        wsIndustryCode: 'AQ020203',
      }),
    );
    expect(ok.status).toBe(200);
    id = ok.body.data.id as number;
    const d = await post(t, `/api/enterprise/detail?id=${id}`, gov);
    expect(d.body.data).toMatchObject({
      mustInsure: true,
      insuredNow: false,
      infoComplete: true,
      wsIndustryName: '危险化学品',
      version: 1,
    });
    expect(d.body.data.score).toBe(84); // 100 - 6 (grade 3) - 10 (must insure, not insured yet)
    const dup = await post(
      t,
      '/api/enterprise/add',
      gov,
      profileBody({ uscc: code('91321302MA9YY0003'), name: '宿迁市重复代码有限公司' }),
    );
    expect(dup.status).toBe(409);
    const extra = await post(t, '/api/enterprise/add', gov, {
      ...profileBody({ uscc: code('91321302MA9YY0004') }),
      status: 1,
    });
    expect(extra.status).toBe(400);
  });

  it('refuses an out-of-range number with a message that says the range, and saves nothing', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ employees: -5 }, '从业人员总数须为1至999,999,999之间的整数'],
      [{ employees: 0 }, '从业人员总数须为1至999,999,999之间的整数'],
      [{ employees: 2.5 }, '从业人员总数须为1至999,999,999之间的整数'],
      [{ annualTurnover: -100 }, '年营业额/工程造价须为0至999,999,999,999.99之间的数，最多两位小数'],
    ];
    for (const [i, [change, message]] of cases.entries()) {
      const uscc = code(`91321302MA9YY01${i}0`);
      const bad = await post(t, '/api/enterprise/add', gov, { ...profileBody({ uscc }), ...change });
      expect(bad.status).toBe(400);
      expect(bad.body.result).toContain(message);
      const row = await t.database.db
        .selectFrom('sysOrg')
        .select('id')
        .where('uscc', '=', uscc)
        .executeTakeFirst();
      expect(row).toBeUndefined();
    }
    const mine = await post(t, '/api/enterprise/mine', ent);
    const own = await post(t, '/api/enterprise/saveMine', ent, {
      ...profileBody({ uscc: mine.body.data.uscc, name: mine.body.data.name }),
      employees: -5,
      version: mine.body.data.version,
    });
    expect(own.status).toBe(400);
    expect(own.body.result).toContain('从业人员总数须为1至999,999,999之间的整数');
    expect((await post(t, '/api/enterprise/mine', ent)).body.data.employees).toBe(mine.body.data.employees);
  });

  it('edits need the current version (409 when stale) and keep masked mobiles when left out', async () => {
    const d = await post(t, `/api/enterprise/detail?id=${id}`, gov);
    await t.database.db
      .updateTable('insEnterprise')
      .set({ legalDutyPhoneEnc: encryptPhone('0527-84361234') })
      .where('id', '=', id)
      .execute();
    const {
      legalMobile: _l,
      safetyMobile: _s,
      legalDutyPhone: _d,
      ...rest
    } = profileBody({
      uscc: d.body.data.uscc,
      name: '宿迁市新增测试有限公司',
      districtCode: '321302',
      employees: 99,
    });
    const ok = await post(t, '/api/enterprise/edit', gov, { ...rest, id, version: 1 });
    expect(ok.status).toBe(200);
    expect(ok.body.data.version).toBe(2);
    const stale = await post(t, '/api/enterprise/edit', gov, { ...rest, id, version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.result).toBe('数据已被他人修改，请刷新后重试');
    const row = await t.database.db
      .selectFrom('insEnterprise')
      .select(['employees', 'legalMobileEnc', 'legalDutyPhoneEnc'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect({
      employees: row.employees,
      legalMobile: decryptPhone(row.legalMobileEnc),
      legalDutyPhone: decryptPhone(row.legalDutyPhoneEnc),
    }).toEqual({ employees: 99, legalMobile: '13905271234', legalDutyPhone: '0527-84361234' });
  });

  it('an enterprise with status 3 completes its information and leaves status 3', async () => {
    const before = await t.database.db
      .selectFrom('sysUser')
      .select('status')
      .where('username', '=', 'ent2')
      .executeTakeFirstOrThrow();
    expect(before.status).toBe(3);
    const mine = await post(t, '/api/enterprise/mine', ent2);
    expect(mine.body.data).toMatchObject({ infoComplete: false, version: 0 });
    const missing = await post(t, '/api/enterprise/saveMine', ent2, {
      ...profileBody(),
      legalMobile: undefined,
      version: 0,
    });
    expect(missing.status).toBe(409);
    const saved = await post(t, '/api/enterprise/saveMine', ent2, { ...profileBody(), version: 0 });
    expect(saved.status).toBe(200);
    const after = await t.database.db
      .selectFrom('sysUser')
      .select('status')
      .where('username', '=', 'ent2')
      .executeTakeFirstOrThrow();
    expect(after.status).toBe(1);
    expect((await post(t, '/api/enterprise/mine', ent2)).body.data.infoComplete).toBe(true);
    expect((await post(t, '/api/enterprise/saveMine', gov, { ...profileBody(), version: 1 })).status).toBe(
      404,
    );
  });
});

describe('parameters and score', () => {
  it('system-judged and manual parameters; the regulator sets them and the score history grows', async () => {
    const heng = await orgIdOf(t, 'ent');
    const p = await post(t, `/api/enterprise/params?id=${heng}`, gov);
    expect(p.status).toBe(200);
    const params = p.body.data.params as unknown as Array<{
      key: string;
      source: number;
      value: number;
      system: boolean;
    }>;
    expect(params.find((x) => x.key === 'stdGrade')).toMatchObject({ source: 1, system: true, value: 2 });
    expect(params.find((x) => x.key === 'blacklist')).toMatchObject({ source: 2, system: false });
    const before = p.body.data.score as number;
    const hist0 = (await post(t, `/api/enterprise/scoreHistory?id=${heng}`, gov)).body.data.page.total;
    const save = await post(t, '/api/enterprise/saveParams', gov, {
      id: heng,
      version: p.body.data.version,
      params: [
        { key: 'blacklist', source: 2, value: 1, remark: '列入不良记录' },
        { key: 'stdGrade', source: 2, value: 0, remark: '复核未达标' },
      ],
    });
    expect(save.status).toBe(200);
    const raw =
      100 + (p.body.data.lines as unknown as Array<{ points: number }>).reduce((a, l) => a + l.points, 0);
    expect(save.body.data.score).toBe(Math.max(0, Math.min(100, raw - 30 - 9)));
    const after = await post(t, `/api/enterprise/params?id=${heng}`, gov);
    expect(
      (after.body.data.params as unknown as Array<{ key: string; source: number }>).find(
        (x) => x.key === 'stdGrade',
      )!.source,
    ).toBe(2);
    const hist = await post(t, `/api/enterprise/scoreHistory?id=${heng}`, gov);
    expect(hist.body.data.page.total).toBe(hist0 + 1);
    // The history names what was changed and how.
    expect((hist.body.data.page.list as unknown as Array<{ reason: string }>)[0]!.reason).toBe(
      '调整企业参数：列入不良记录黑名单手动录入为1；安全生产标准化等级手动录入为0',
    );
    expect((await post(t, `/api/enterprise/detail?id=${heng}`, gov)).body.data.blacklist).toBe(true);
    const stale = await post(t, '/api/enterprise/saveParams', gov, {
      id: heng,
      version: p.body.data.version,
      params: [{ key: 'blacklist', source: 2, value: 0 }],
    });
    expect(stale.status).toBe(409);
    const self = await post(t, '/api/enterprise/saveParams', ent, {
      id: heng,
      version: save.body.data.version,
      params: [{ key: 'blacklist', source: 2, value: 0 }],
    });
    expect(self.status).toBe(403);
    const manualOnly = await post(t, '/api/enterprise/saveParams', gov, {
      id: heng,
      version: save.body.data.version,
      params: [{ key: 'blacklist', source: 1 }],
    });
    expect(manualOnly.status).toBe(409);
    const back = await post(t, '/api/enterprise/saveParams', gov, {
      id: heng,
      version: save.body.data.version,
      params: [
        { key: 'blacklist', source: 2, value: 0 },
        { key: 'stdGrade', source: 1 },
      ],
    });
    expect(back.body.data.score).toBe(before);
    expect((await post(t, `/api/enterprise/rescore?id=${heng}`, gov)).status).toBe(200);
  });
});

describe('must-insure register import and export', () => {
  async function sheet(rows: string[][]): Promise<Buffer> {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('台账');
    ws.addRow([
      '企业名称',
      '统一社会信用代码',
      '所属区县',
      '安全生产行业领域代码',
      '国民经济行业代码',
      '从业人员总数',
      '详细地址',
      '法定代表人',
      '法定代表人手机',
      '安全负责人',
      '安全负责人手机',
    ]);
    for (const r of rows) ws.addRow(r);
    return Buffer.from(await wb.xlsx.writeBuffer());
  }
  function multipart(buf: Buffer, filename = 'register.xlsx') {
    const boundary = '----aqzrxTestBoundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`;
    return {
      payload: Buffer.concat([Buffer.from(head), buf, Buffer.from(`\r\n--${boundary}--\r\n`)]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    };
  }
  const upload = async (buf: Buffer, token = gov, filename?: string) => {
    const m = multipart(buf, filename);
    const res = await t.call({
      method: 'POST',
      url: '/api/enterprise/import',
      token,
      payload: m.payload,
      headers: m.headers,
    });
    return { status: res.statusCode, body: res.json() };
  };
  const good = (n: string, c: string) => [
    `宿迁市台账导入${n}有限公司`,
    c,
    '宿豫区',
    'AQ0302',
    'C2672',
    '35',
    '宿豫区人民路1号',
    '孙台账',
    '13805279999',
    '周安全',
    '13805278888',
  ];

  it('all or nothing: one bad row imports nothing and the report names every bad row and column', async () => {
    const buf = await sheet([
      good('甲', code('91321311MA9TY0001')),
      [
        '宿迁市台账导入乙有限公司',
        wrongCheck('91321311MA9TY0002'),
        '宿豫区',
        'AQ0302',
        '',
        '35',
        '',
        '',
        '1380527',
        '',
        '',
      ],
      [...good('丙', code('91321311MA9TY0003')).slice(0, 2), '南京市', 'X01', '', '0', '', '', '', '', ''],
    ]);
    const r = await upload(buf);
    expect(r.status).toBe(400);
    expect(r.body.result).toContain('共2行有误，未导入任何数据');
    const errors = r.body.data.errors as Array<{ row: number; column: string }>;
    expect(
      errors
        .filter((e) => e.row === 3)
        .map((e) => e.column)
        .sort(),
    ).toEqual(['法定代表人手机', '统一社会信用代码'].sort());
    expect(
      errors
        .filter((e) => e.row === 4)
        .map((e) => e.column)
        .sort(),
    ).toEqual(['从业人员总数', '安全生产行业领域代码', '所属区县'].sort());
    const n = await t.database.db
      .selectFrom('sysOrg')
      .select('id')
      .where('name', 'like', '宿迁市台账导入%')
      .execute();
    expect(n).toHaveLength(0);
  });

  it('a clean sheet creates new enterprises (incomplete profile) and marks existing ones on the register', async () => {
    const heng = await t.database.db
      .selectFrom('sysOrg')
      .select('uscc')
      .where('name', '=', '宿迁市恒安化工有限公司')
      .executeTakeFirstOrThrow();
    const buf = await sheet([
      good('甲', code('91321311MA9TY0001')),
      good('丁', code('91321311MA9TY0004')),
      ['宿迁市恒安化工有限公司', heng.uscc!, '宿城区', 'AQ0201', 'C2614', '86', '', '', '', '', ''],
    ]);
    const r = await upload(buf);
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ created: 2, marked: 1, rows: 3 });
    const list = await post(t, `/api/enterprise/list?keyword=${encodeURIComponent('台账导入')}`, gov);
    expect(list.body.data.page.list.map((e) => e.onRegister)).toEqual([true, true]);
    expect(list.body.data.page.list.every((e) => e.infoComplete === false && e.mustInsure === true)).toBe(
      true,
    );
    // Importing the same rows again changes nothing but marks them again.
    expect((await upload(buf)).body.data).toEqual({ created: 0, marked: 3, rows: 3 });
  });

  it('refuses another file type, a missing column, and other roles', async () => {
    expect((await upload(Buffer.from('not a workbook'), gov, 'x.csv')).status).toBe(400);
    expect((await upload(Buffer.from('not a workbook'))).body.result).toContain('.xlsx');
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('x').addRow(['企业名称']);
    const r = await upload(Buffer.from(await wb.xlsx.writeBuffer()));
    expect(r.body.result).toContain('行有误');
    expect((r.body.data.errors as Array<{ message: string }>)[0]!.message).toContain('缺少必填列');
    expect((await upload(await sheet([]), ent)).status).toBe(403);
    const tpl = await t.call({ method: 'POST', url: '/api/enterprise/importTemplate', token: gov });
    expect(tpl.statusCode).toBe(200);
    expect(tpl.headers['content-type']).toContain('spreadsheetml');
  });

  it('refuses a hostile workbook before reading it: a zip bomb, an over-long cell, too many columns (issue 17)', async () => {
    // A zip whose directory declares 480 MiB unpacked (the decompression bomb of issue 17): refused from its
    // directory, nothing parsed, nothing saved.
    const bomb = await sheet([good('炸', code('91321311MA9TY0BMB'))]);
    const cd = bomb.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    bomb.writeUInt32LE(480 * 1024 * 1024, cd + 24);
    const bombed = await upload(bomb);
    expect(bombed.status).toBe(400);
    expect(bombed.body.result).toContain('解压后过大');
    const long = good('长', code('91321311MA9TY0LNG'));
    long[6] = '路'.repeat(2001);
    const tooLong = await upload(await sheet([long]));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.result).toContain('第2行第7列超过2000个字符');
    const wide = new ExcelJS.Workbook();
    wide.addWorksheet('x').addRow(Array.from({ length: 51 }, (_, i) => `列${i + 1}`));
    const tooWide = await upload(Buffer.from(await wide.xlsx.writeBuffer()));
    expect(tooWide.status).toBe(400);
    expect(tooWide.body.result).toContain('超过50列');
    const saved = await t.database.db
      .selectFrom('sysOrg')
      .select('id')
      .where('name', 'in', ['宿迁市台账导入炸有限公司', '宿迁市台账导入长有限公司'])
      .execute();
    expect(saved).toEqual([]);
  });

  it('exports the list as .xlsx with masked mobiles and neutralised formulas', async () => {
    await t.database.db
      .updateTable('sysOrg')
      .set({ name: '=HYPERLINK("http://x")有限公司' })
      .where('name', '=', '宿迁市台账导入丁有限公司')
      .execute();
    const res = await t.call({
      method: 'POST',
      url: '/api/enterprise/export?districtCode=321311',
      token: gov,
    });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const headers = (ws.getRow(1).values as unknown[]).slice(1).map(String);
    const col = (h: string) => headers.indexOf(h) + 1;
    expect(col('安责险行业领域')).toBeGreaterThan(0);
    expect(col('安责险行业代码')).toBe(col('安责险行业领域') + 1);
    const names: string[] = [];
    const mobiles: string[] = [];
    const industries: Array<[string, string]> = [];
    ws.eachRow((row, i) => {
      if (i === 1) return;
      names.push(String(row.getCell(1).value));
      mobiles.push(String(row.getCell(col('法定代表人手机')).value));
      industries.push([
        String(row.getCell(col('安责险行业领域')).value ?? ''),
        String(row.getCell(col('安责险行业代码')).value ?? ''),
      ]);
    });
    expect(names).toContain('\'=HYPERLINK("http://x")有限公司');
    expect(mobiles.filter((m) => m).every((m) => /^\d{3}\*{4}\d{4}$/.test(m))).toBe(true);
    // The field column holds a name only, never a code; the code column the code.
    expect(industries.every(([name, code]) => !/AQ/.test(name) && (code === '' || /^AQ/.test(code)))).toBe(
      true,
    );
    // Rows in the order of the list on screen (newest first by default).
    const list = await t.call({
      method: 'POST',
      url: '/api/enterprise/list?districtCode=321311&pageNo=1&pageSize=100',
      token: gov,
    });
    const listed = (list.json().data.page.list as Array<{ name: string }>).map((r) => r.name);
    expect(names.map((n) => n.replace(/^'/, ''))).toEqual(listed);
  });
});
