import { addDays, chinaDate } from '@aqzrx/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, makeOrg, type TestContext } from '../../../test/helpers.ts';
import { encryptPhone } from '../../platform/pii.ts';
import { download, makeUser, post } from '../policy/policy.testkit.ts';
import { idem, planBody } from '../prevention/prevention.testkit.ts';

let t: TestContext;
let admin: string;
let gov: string;
let govSy: string;
let insurer: string;
let service: string;
let expert: string;
beforeAll(async () => {
  t = await createTestContext({ LOGIN_RATE_MAX: '1000', API_RATE_MAX: '100000' });
  [admin, gov, govSy, insurer, service, expert] = await Promise.all([
    t.login('admin'),
    t.login('gov'),
    t.login('gov_sy'),
    t.login('insurer'),
    t.login('service'),
    t.login('expert'),
  ]);
});
afterAll(() => t.close());

type Row = Record<string, unknown>;
const list = async (url: string, token: string, q = '') => {
  const res = await post(t, `${url}?pageSize=100${q}`, token);
  expect(res.status).toBe(200);
  return res.body.data as unknown as { list: Row[]; total: number };
};
const seen = new Set<string>();
/** The pool messages of a user (title, link, event), recording the events seen for the catalogue check. */
async function messages(userId: number) {
  const rows = await t.database.db
    .selectFrom('sysMessage')
    .select(['title', 'link', 'event'])
    .where('userId', '=', userId)
    .where('bizType', '=', 'pool')
    .orderBy('id')
    .execute();
  for (const r of rows) seen.add(String(r.event));
  return rows;
}
const orgId = async (name: string) =>
  (await t.database.db.selectFrom('sysOrg').select('id').where('name', '=', name).executeTakeFirstOrThrow())
    .id;

function idNo(prefix17: string): string {
  const W = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  let s = 0;
  for (let i = 0; i < 17; i++) s += Number(prefix17[i]) * W[i]!;
  return prefix17 + '10X98765432'[s % 11];
}

async function xlsx(rows: Array<Array<string | number>>): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('专家');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
async function upload(token: string, buf: Buffer, name = '专家.xlsx') {
  const boundary = '----poolTest';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    buf,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.call({
    method: 'POST',
    url: '/api/pool/expert/import',
    token,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  return { status: res.statusCode, body: res.json() as Row & { data?: Row } };
}
const HEAD = [
  '姓名',
  '证件类型',
  '证件号码',
  '手机号码',
  '职称',
  '所在区县',
  '服务项目',
  '行业领域',
  '资格证书名称',
  '证书有效期至',
];

describe('service organisations', () => {
  it('lists every organisation to the admin with profile, flags, rating and filters', async () => {
    const all = await list('/api/pool/org/list', admin);
    expect(all.total).toBeGreaterThanOrEqual(7);
    const antai = all.list.find((r) => r.name === '宿迁市安泰安全技术服务有限公司')!;
    expect(antai).toMatchObject({ hasProfile: true, status: 1, expiryFlag: null });
    expect(antai.ratingCount as number).toBeGreaterThan(0);
    expect(antai.rating as number).toBeGreaterThanOrEqual(1);
    expect(antai.serviceCount as number).toBeGreaterThan(0);
    const names = (l: { list: Row[] }) => l.list.map((r) => r.name);
    expect(names(await list('/api/pool/org/list', admin, '&expiry=expiring'))).toEqual([
      '江苏沭安安全技术服务有限公司',
    ]);
    expect(names(await list('/api/pool/org/list', admin, '&expiry=expired'))).toEqual([
      '泗洪县洪泽湖应急技术服务中心',
    ]);
    expect(names(await list('/api/pool/org/list', admin, '&status=2'))).toEqual([
      '宿迁市宿豫区恒信安全工程有限公司',
    ]);
    const mining = names(await list('/api/pool/org/list', admin, '&industry=AQ01'));
    expect(mining).toEqual(['泗阳县平安职业安全评价有限公司']);
    const item07 = names(await list('/api/pool/org/list', admin, '&serviceItem=07'));
    expect(item07).toEqual(['泗洪县洪泽湖应急技术服务中心']);
    const bad = await post(t, '/api/pool/org/list?industry=AQ99', admin);
    expect(bad.status).toBe(400);
    expect(bad.body.result).toContain('行业领域');
  });

  it('scopes the regulator to its districts: another district answers 404', async () => {
    const sy = await list('/api/pool/org/list', govSy);
    expect(
      sy.list.every((r) => r.districtCode === '321323' || (r.regionCodes as string[]).includes('321323')),
    ).toBe(true);
    expect(sy.list.map((r) => r.name)).toContain('泗阳县平安职业安全评价有限公司');
    const shuan = await orgId('江苏沭安安全技术服务有限公司');
    expect((await post(t, `/api/pool/org/detail?id=${shuan}`, govSy)).status).toBe(404);
    const city = await post(t, `/api/pool/org/detail?id=${shuan}`, gov);
    expect(city.status).toBe(200);
    expect(city.body.data).toMatchObject({ name: '江苏沭安安全技术服务有限公司', expiryFlag: 'expiring' });
    const antai = await post(
      t,
      `/api/pool/org/detail?id=${await orgId('宿迁市安泰安全技术服务有限公司')}`,
      gov,
    );
    const records = antai.body.data.records as Row[];
    expect(records.length).toBeGreaterThan(0);
    expect(records[0]).toHaveProperty('enterpriseName');
    // gov_sy sees only the records of its district
    const syAntai = await post(
      t,
      `/api/pool/org/detail?id=${await orgId('宿迁市安泰安全技术服务有限公司')}`,
      govSy,
    );
    expect(syAntai.status).toBe(200);
    expect((syAntai.body.data.records as Row[]).every((r) => r.districtCode === '321323')).toBe(true);
  });

  it('gives the insurer active organisations only, filtered by rating, and no edits', async () => {
    const pool = await list('/api/pool/org/list', insurer);
    expect(pool.list.map((r) => r.name)).not.toContain('宿迁市宿豫区恒信安全工程有限公司');
    const rated = await list('/api/pool/org/list', insurer, '&minRating=1');
    expect(rated.list.length).toBeGreaterThan(0);
    expect(rated.list.every((r) => (r.rating as number) >= 1)).toBe(true);
    const suspended = await orgId('宿迁市宿豫区恒信安全工程有限公司');
    expect((await post(t, `/api/pool/org/detail?id=${suspended}`, insurer)).status).toBe(404);
    const antai = await orgId('宿迁市安泰安全技术服务有限公司');
    const edit = await post(t, '/api/pool/org/save', insurer, { orgId: antai, version: 1 });
    expect(edit.status).toBe(403);
    expect((await post(t, `/api/pool/org/disable?id=${antai}&version=1`, insurer)).status).toBe(403);
  });

  it('admin edits a profile with the version, refuses bad fields, suspends and enables', async () => {
    const id = await orgId('江苏宿安检测评价有限公司');
    const d = (await post(t, `/api/pool/org/detail?id=${id}`, admin)).body.data;
    const body = {
      orgId: id,
      version: d.version,
      name: d.name,
      districtCode: d.districtCode,
      contactName: '高新',
      contactPhone: '0527-84110007',
      serviceItems: ['02', '07'],
      itemOther: '',
      regionCodes: ['321302'],
      industries: ['AQ02'],
    };
    const bad = await post(t, '/api/pool/org/save', admin, body);
    expect(bad.status).toBe(400);
    expect(bad.body.result).toContain('具体内容');
    const saved = await post(t, '/api/pool/org/save', admin, { ...body, itemOther: '职业卫生检测' });
    expect(saved.status).toBe(200);
    const stale = await post(t, '/api/pool/org/save', admin, { ...body, itemOther: 'x' });
    expect(stale.status).toBe(409);
    const after = (await post(t, `/api/pool/org/detail?id=${id}`, admin)).body.data;
    expect(after).toMatchObject({
      contactName: '高新',
      serviceItems: ['02', '07'],
      itemOther: '职业卫生检测',
    });

    // suspend: its users cannot sign in
    const other = await makeOrg(t, 'service', '宿迁市停用测试服务有限公司', '321324');
    await makeUser(t, 'service', 'svc_susp', { orgId: other });
    // It serves a project of the demo insurer that is still running: that insurer is told of the suspension.
    const insurerOrg = await t.database.db
      .selectFrom('sysUser')
      .select(['id', 'orgId'])
      .where('username', '=', 'insurer')
      .executeTakeFirstOrThrow();
    const running = await t.database.db
      .selectFrom('apProject')
      .select('id')
      .where('insurerId', '=', insurerOrg.orgId!)
      .where('state', '<', 3)
      .where('endDate', '>=', new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10))
      .executeTakeFirstOrThrow();
    await t.database.db
      .insertInto('apProjectOrg')
      .values({ projectId: running.id, orgId: other, orgType: 'service' })
      .execute();
    const v = (await post(t, `/api/pool/org/detail?id=${other}`, admin)).body.data.version;
    expect((await post(t, `/api/pool/org/disable?id=${other}&version=${v}`, admin)).status).toBe(200);
    expect((await messages(insurerOrg.id)).filter((m) => m.event === 'pool.orgSuspended')).toEqual([
      {
        title: '服务机构已停用：宿迁市停用测试服务有限公司',
        link: '/insurance/org/InsuranceServices/route',
        event: 'pool.orgSuspended',
      },
    ]);
    const login = await t.call({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'svc_susp', password: 'Safe2026' },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().result).toContain('停用');
    expect(
      (await post(t, `/api/pool/org/enable?id=${other}&version=${(v as number) + 1}`, admin)).status,
    ).toBe(200);
    // its users are told it is enabled again, with a link to their profile page
    const svcUser = await t.database.db
      .selectFrom('sysUser')
      .select('id')
      .where('username', '=', 'svc_susp')
      .executeTakeFirstOrThrow();
    expect(await messages(svcUser.id)).toEqual([
      {
        title: '机构已恢复启用：宿迁市停用测试服务有限公司',
        link: '/service/center/ServiceProfile/route',
        event: 'pool.orgEnabled',
      },
    ]);
    const again = await t.call({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'svc_susp', password: 'Safe2026' },
    });
    expect(again.statusCode).toBe(200);
  });

  it('the organisation edits its own profile; an expert panel has none to edit', async () => {
    const mine = await post(t, '/api/pool/mine', service);
    expect(mine.status).toBe(200);
    expect(mine.body.data.kind).toBe('service');
    const org = mine.body.data.org as Row;
    expect(org).toMatchObject({ name: '宿迁市安泰安全技术服务有限公司', hasProfile: true });
    const res = await post(t, '/api/pool/mine/saveOrg', service, {
      version: org.version,
      contactName: '陈安泰',
      contactPhone: '0527-84213366',
      serviceItems: ['01', '03'],
      regionCodes: ['321311'],
      staffCount: 40,
      certNo: 'SQ-1',
      certExpiry: '2030-01-01',
    });
    expect(res.status).toBe(200);
    expect((await post(t, '/api/pool/mine', service)).body.data.org).toMatchObject({
      staffCount: 40,
      certNo: 'SQ-1',
    });
    expect(
      (
        await post(t, '/api/pool/mine/saveOrg', expert, {
          version: 1,
          serviceItems: ['01'],
          regionCodes: ['321302'],
        })
      ).status,
    ).toBe(404);
  });
});

describe('experts', () => {
  it('lists masked experts with the flag of a qualification ending this month', async () => {
    const all = await list('/api/pool/expert/list', admin);
    expect(all.total).toBeGreaterThanOrEqual(15);
    for (const r of all.list) {
      expect(r.idNo).toMatch(/^\d{6}\*+[\dX]{4}$/);
      expect(r.mobile).toMatch(/\*{4}/);
    }
    const zhang = all.list.find((r) => r.name === '张秀兰')!;
    expect(zhang.expiryFlag).toBe('expiring');
    const wu = all.list.find((r) => r.name === '吴志明')!;
    expect(wu.userId).not.toBeNull();
    expect(wu.ratingCount as number).toBeGreaterThan(0);
    const flagged = await list('/api/pool/expert/list', admin, '&expiry=expired');
    expect(flagged.list.map((r) => r.name)).toEqual(['刘海燕']);
    const today = chinaDate(t.clock.now());
    expect((zhang.certExpiry as string) >= today && (zhang.certExpiry as string) <= addDays(today, 30)).toBe(
      true,
    );
  });

  it('scopes the regulator and the insurer', async () => {
    const sy = await list('/api/pool/expert/list', govSy);
    expect(sy.list.length).toBeGreaterThan(0);
    expect(sy.list.every((r) => r.districtCode === '321323')).toBe(true);
    const zhang = (await list('/api/pool/expert/list', admin, `&name=${encodeURIComponent('张秀兰')}`))
      .list[0]!;
    expect((await post(t, `/api/pool/expert/detail?id=${zhang.id}`, govSy)).status).toBe(404);
    expect((await post(t, `/api/pool/expert/detail?id=${zhang.id}`, gov)).status).toBe(200);
    const ins = await list('/api/pool/expert/list', insurer);
    expect(ins.list.map((r) => r.name)).not.toContain('周海涛');
    expect((await post(t, '/api/pool/expert/add', insurer, {})).status).toBe(403);
  });

  it('adds, edits and suspends; a suspended expert cannot be chosen for a new plan', async () => {
    const body = {
      name: '钱测试',
      idType: '01',
      idNo: idNo('32130219900101321'),
      mobile: '13905279001',
      title: '工程师',
      districtCode: '321302',
      serviceItems: ['03'],
      industries: ['AQ02'],
      certificates: [{ type: '注册安全工程师', no: 'X1', validTo: '2031-01-01' }],
    };
    const badId = await post(t, '/api/pool/expert/add', admin, { ...body, idNo: '321302199001013210' });
    expect(badId.status).toBe(400);
    expect(badId.body.result).toContain('身份证');
    const added = await post(t, '/api/pool/expert/add', admin, body);
    expect(added.status).toBe(200);
    const id = added.body.data.id as number;
    expect((await post(t, '/api/pool/expert/add', admin, body)).status).toBe(409);
    const row = await t.database.db
      .selectFrom('svExpert')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.idNoEnc).not.toContain(body.idNo);
    expect(row.certExpiry).toBe('2031-01-01');
    const d = (await post(t, `/api/pool/expert/detail?id=${id}`, admin)).body.data;
    expect(d.idNo).toBe('321302********3210'.replace('3210', body.idNo.slice(-4)));
    const { idNo: _i, mobile: _m, ...rest } = body;
    const saved = await post(t, '/api/pool/expert/save', admin, {
      ...rest,
      id,
      version: d.version,
      title: '高级工程师',
    });
    expect(saved.status).toBe(200);
    // suspend 吴志明 and try a new plan naming him
    const wu = (await list('/api/pool/expert/list', admin, `&name=${encodeURIComponent('吴志明')}`)).list[0]!;
    expect((await post(t, `/api/pool/expert/disable?id=${wu.id}&version=${wu.version}`, admin)).status).toBe(
      200,
    );
    // a new plan of a running demo project naming him is refused (prevention's createPlan)
    const covered = await t.database.db
      .selectFrom('apProjectPolicy as pp')
      .innerJoin('apProject as j', 'j.id', 'pp.projectId')
      .innerJoin('apProjectOrg as po', 'po.projectId', 'j.id')
      .select(['j.id as projectId', 'pp.enterpriseId', 'po.orgId'])
      .where('j.endDate', '>=', addDays(chinaDate(t.clock.now()), 2))
      .where('po.orgType', '=', 'expert')
      .where('j.state', '!=', 3)
      .executeTakeFirstOrThrow();
    const refused = await post(
      t,
      '/api/prevention/plan/add',
      insurer,
      planBody(t, covered.projectId, covered.enterpriseId, covered.orgId, {
        experts: [{ name: '吴志明', orgId: wu.orgId, title: '注册安全工程师' }],
      }),
      idem(),
    );
    expect(refused.body.result).toBe('专家“吴志明”已被停用，不能选入新的服务计划');
    expect(refused.status).toBe(400);
    expect(
      (await post(t, `/api/pool/expert/enable?id=${wu.id}&version=${(wu.version as number) + 1}`, admin))
        .status,
    ).toBe(200);
    // the expert's organisation (the committee, the `expert` account) is told both
    const expertUser = await t.database.db
      .selectFrom('sysUser')
      .select('id')
      .where('username', '=', 'expert')
      .executeTakeFirstOrThrow();
    expect(await messages(expertUser.id)).toEqual([
      {
        title: '专家已停用：吴志明',
        link: '/expert/center/ExpertProfile/route',
        event: 'pool.expertSuspended',
      },
      {
        title: '专家已恢复启用：吴志明',
        link: '/expert/center/ExpertProfile/route',
        event: 'pool.expertEnabled',
      },
    ]);
  });

  it('the expert edits its own record', async () => {
    const mine = await post(t, '/api/pool/mine', expert);
    expect(mine.body.data.kind).toBe('expert');
    const me = mine.body.data.expert as Row;
    expect(me).toMatchObject({ name: '吴志明' });
    const res = await post(t, '/api/pool/mine/saveExpert', expert, {
      version: me.version,
      title: '正高级工程师',
      serviceItems: ['01', '02'],
      industries: ['AQ02'],
      certificates: [{ type: '注册安全工程师', no: 'ZA-1', validTo: '2032-05-01' }],
    });
    expect(res.status).toBe(200);
    const after = (await post(t, '/api/pool/mine', expert)).body.data.expert as Row;
    expect(after).toMatchObject({ title: '正高级工程师', certExpiry: '2032-05-01', name: '吴志明' });
    expect((await post(t, '/api/pool/mine/saveExpert', service, { version: 1 })).status).toBe(404);
  });
});

describe('import and export', () => {
  it('imports a good file in one go', async () => {
    const buf = await xlsx([
      HEAD,
      [
        '孔导入',
        '居民身份证',
        idNo('32132219880808111'),
        '13905279101',
        '工程师',
        '沭阳县',
        '安全生产宣传教育培训',
        '危险化学品',
        '注册安全工程师',
        '2030-06-30',
      ],
      ['曹导入', '01', idNo('32132419850505222'), '13905279102', '', '泗洪县', '03、04', 'AQ05', '', ''],
    ]);
    const res = await upload(admin, buf);
    expect(res.body.result).toBe('导入成功：新增专家2名');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ added: 2, errors: [] });
    const kong = (await list('/api/pool/expert/list', admin, `&name=${encodeURIComponent('孔导入')}`))
      .list[0]!;
    expect(kong).toMatchObject({
      districtCode: '321322',
      serviceItems: ['01'],
      industries: ['AQ02'],
      certExpiry: '2030-06-30',
    });
  });

  it('refuses the whole file with a row-level report when a row is bad', async () => {
    const before = (await list('/api/pool/expert/list', admin)).total;
    const buf = await xlsx([
      HEAD,
      ['好行', '01', idNo('32130219790101333'), '13905279201', '', '宿城区', '', '', '', ''],
      ['坏', '01', '321302197901013330', '1390527', '', '上海市', '飞行', '', '', ''],
      ['重复', '01', idNo('32130219790101333'), '13905279203', '', '', '', '', '', ''],
    ]);
    const res = await upload(admin, buf);
    expect(res.status).toBe(400);
    const errors = (res.body.data as { errors: Array<{ rowNo: number; messages: string[] }> }).errors;
    expect(errors.map((e) => e.rowNo)).toEqual([3, 4]);
    const row3 = errors[0]!.messages.join('；');
    expect(row3).toContain('所在区县“上海市”');
    expect(row3).toContain('服务项目“飞行”');
    expect(row3).toContain('身份证');
    expect(row3).toContain('手机号');
    expect(row3).toContain('姓名');
    expect(errors[1]!.messages).toEqual(['证件号码与第2行重复']);
    expect(res.body.result).toContain('未导入任何数据');
    expect((await list('/api/pool/expert/list', admin)).total).toBe(before);
  });

  it('refuses hostile files at the caps', async () => {
    const notXlsx = await upload(admin, Buffer.from('PK\u0003\u0004garbage'));
    expect(notXlsx.status).toBe(400);
    expect(notXlsx.body.result).toContain('.xlsx');
    const tooMany = await upload(
      admin,
      await xlsx([
        HEAD,
        ...Array.from({ length: 501 }, (_, i) => [
          `专家${i}`,
          '01',
          idNo(`3213021980010${String(1000 + i)}`),
          '13905279999',
        ]),
      ]),
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.result).toContain('最多导入500行');
    const wide = await upload(
      admin,
      await xlsx([[...HEAD, ...Array.from({ length: 30 }, (_, i) => `列${i}`)]]),
    );
    expect(wide.status).toBe(400);
    expect(wide.body.result).toContain('超过30列');
    const longCell = await upload(admin, await xlsx([HEAD, ['长', '01', 'x'.repeat(501), '1']]));
    expect(longCell.status).toBe(400);
    expect(longCell.body.result).toContain('超过500个字符');
    const big = await upload(admin, Buffer.alloc(2 * 1024 * 1024 + 10, 1));
    expect(big.status).toBe(400);
    expect(big.body.result).toContain('不能超过');
    // a zip whose directory declares a huge unpacked entry (a zip bomb) is refused before parsing
    const bomb = await xlsx([HEAD]);
    const cd = bomb.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    bomb.writeUInt32LE(100 * 1024 * 1024, cd + 24);
    const bombed = await upload(admin, bomb);
    expect(bombed.status).toBe(400);
    expect(bombed.body.result).toContain('解压后过大');
    const txt = await upload(admin, await xlsx([HEAD]), '专家.csv');
    expect(txt.status).toBe(400);
    expect((await upload(gov, await xlsx([HEAD]))).status).toBe(403);
  });

  it('exports experts with ID numbers and mobiles masked, and organisations with mobile contacts masked', async () => {
    const res = await download(t, '/api/pool/expert/export', admin);
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.bytes as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(1).getCell(3).value).toBe('证件号码');
    const ids: string[] = [];
    ws.eachRow((row, n) => {
      if (n > 1) ids.push(String(row.getCell(3).value));
    });
    expect(ids.length).toBeGreaterThanOrEqual(15);
    for (const id of ids) expect(id).toMatch(/^\d{6}\*{8}[\dX]{4}$/);
    // Mobiles are masked in exports (security.md P04).
    expect(ws.getRow(1).getCell(4).value).toBe('手机号码');
    ws.eachRow((row, n) => {
      if (n > 1) expect(String(row.getCell(4).value)).toMatch(/^1\d{2}\*{4}\d{4}$/);
    });
    const orgs = await download(t, '/api/pool/org/export?expiry=expired', admin);
    expect(orgs.status).toBe(200);
    const wb2 = new ExcelJS.Workbook();
    await wb2.xlsx.load(orgs.bytes as unknown as ArrayBuffer);
    expect(wb2.worksheets[0]!.getRow(2).getCell(1).value).toBe('泗洪县洪泽湖应急技术服务中心');
    // Every organisation's contact number: a mobile masked, a landline (the office's) as entered.
    await t.database.db
      .updateTable('sysOrg')
      .set({ contactPhoneEnc: encryptPhone('13912340055') })
      .where('name', '=', '泗洪县洪泽湖应急技术服务中心')
      .execute();
    const all = await download(t, '/api/pool/org/export', admin);
    const wb3 = new ExcelJS.Workbook();
    await wb3.xlsx.load(all.bytes as unknown as ArrayBuffer);
    const sheet = wb3.worksheets[0]!;
    const col = (sheet.getRow(1).values as unknown[]).indexOf('联系电话');
    expect(col).toBeGreaterThan(0);
    const phones: string[] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) phones.push(String(row.getCell(col).value ?? ''));
    });
    expect(phones).toContain('139****0055');
    for (const p of phones) expect(p).toMatch(/^(1\d{2}\*{4}\d{4}|0[\d-]+|)$/);
    expect((await download(t, '/api/pool/expert/export', insurer)).status).toBe(403);
    const tpl = await download(t, '/api/pool/expert/template', admin);
    expect(tpl.status).toBe(200);
  });
});

describe('notifications', () => {
  it('every pool.* event of the catalogue was sent above', async () => {
    const { NOTIFICATION_EVENTS } = await import('../message/index.ts');
    expect([...seen].sort()).toEqual(NOTIFICATION_EVENTS.filter((e) => e.startsWith('pool.')).sort());
  });
});
