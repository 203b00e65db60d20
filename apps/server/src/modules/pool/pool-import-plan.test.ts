import { addDays, chinaDate, maskMobile, ORG_IMPORT_HEADERS, usccCheckChar } from '@aqzrx/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { decryptPhone } from '../../platform/pii.ts';
import { download, makeUser, post, secondInsurerId } from '../policy/policy.testkit.ts';
import { idem, planBody } from '../prevention/prevention.testkit.ts';

/**
 * The service organisation import (/api/pool/org/import, template) and the plan form's pick-list of
 * pool experts (/api/prevention/plan/expertOptions; plans naming experts by expertId).
 */
let t: TestContext;
let admin: string;
let gov: string;
let insurer: string;
let insurer2: string;
beforeAll(async () => {
  t = await createTestContext({ LOGIN_RATE_MAX: '1000', API_RATE_MAX: '100000' });
  [admin, gov, insurer] = await Promise.all([t.login('admin'), t.login('gov'), t.login('insurer')]);
  insurer2 = await makeUser(t, 'insurer', 'insurer_pool_other', { orgId: await secondInsurerId(t) });
});
afterAll(() => t.close());

type Row = Record<string, unknown>;
const uscc = (n: number) => {
  const first17 = `91321300MA1P${String(n).padStart(5, '0')}`;
  return first17 + usccCheckChar(first17);
};

async function xlsx(rows: Array<Array<string | number>>): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('服务机构');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
async function upload(token: string, buf: Buffer, name = '服务机构.xlsx') {
  const boundary = '----poolOrgTest';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    buf,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.call({
    method: 'POST',
    url: '/api/pool/org/import',
    token,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  return { status: res.statusCode, body: res.json() as Row & { data?: Row } };
}
const HEAD = [
  '机构名称',
  '统一社会信用代码',
  '所在区县',
  '联系人',
  '联系电话',
  '服务项目',
  '其他服务内容',
  '服务区域',
  '资质证书编号',
  '资质有效期至',
  '从业人员数',
];
const serviceOrgCount = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('sysOrg')
        .select((eb) => eb.fn.countAll<string>().as('c'))
        .where('orgType', '=', 'service')
        .executeTakeFirstOrThrow()
    ).c,
  );

describe('service organisation import', () => {
  it('offers a template with every column and an example row that imports', async () => {
    const tpl = await download(t, '/api/pool/org/template', admin);
    expect(tpl.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(tpl.bytes as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const header: string[] = [];
    ws.getRow(1).eachCell((c) => {
      header.push(String(c.value));
    });
    expect(header).toEqual([...ORG_IMPORT_HEADERS]);
    // The template as downloaded imports (its example row is valid).
    const res = await upload(admin, Buffer.from(tpl.bytes));
    expect(res.body.result).toBe('导入成功：新增服务机构1家');
    expect((await download(t, '/api/pool/org/template', insurer)).status).toBe(403);
  });

  it('imports good rows as active organisations with their pool profile', async () => {
    const before = await serviceOrgCount();
    const res = await upload(
      admin,
      await xlsx([
        HEAD,
        [
          '宿迁导入安全咨询有限公司',
          uscc(1),
          '宿豫区',
          '周导入',
          '13905270001',
          '生产安全事故隐患排查、其他有关事故预防工作',
          '应急演练评估',
          '宿豫区、沭阳县',
          'AQ-IMP-1',
          '2029-12-31',
          12,
        ],
        [
          '泗阳导入安全技术有限公司',
          uscc(2),
          '321323',
          '吴导入',
          '0527-85550000',
          '01',
          '',
          '泗阳县',
          '',
          '',
          '',
        ],
      ]),
    );
    expect(res.body.result).toBe('导入成功：新增服务机构2家');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ added: 2, errors: [] });
    expect(await serviceOrgCount()).toBe(before + 2);
    const rows = (
      await post(t, `/api/pool/org/list?pageSize=10&name=${encodeURIComponent('导入安全')}`, admin)
    ).body.data.list as unknown as Row[];
    const first = rows.find((r) => r.name === '宿迁导入安全咨询有限公司')!;
    expect(first).toMatchObject({
      districtCode: '321311',
      status: 1,
      serviceItems: ['03', '07'],
      regionCodes: ['321311', '321322'],
      certNo: 'AQ-IMP-1',
      certExpiry: '2029-12-31',
      staffCount: 12,
      hasProfile: true,
    });
    const d = (await post(t, `/api/pool/org/detail?id=${first.orgId}`, admin)).body.data as Row;
    expect(d.itemOther).toBe('应急演练评估');
    // The import is in the operation log.
    const log = await t.database.db
      .selectFrom('sysOperLog')
      .select(['kind', 'targetId', 'outcome'])
      .where('module', '=', '服务机构')
      .where('kind', '=', 'import')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    expect(log).toBeDefined();
  });

  it('refuses the whole file with a row-level report; nothing is saved', async () => {
    const before = await serviceOrgCount();
    const res = await upload(
      admin,
      await xlsx([
        HEAD,
        [
          '宿城好行安全咨询有限公司',
          uscc(3),
          '宿城区',
          '郑好行',
          '13905270003',
          '01',
          '',
          '宿城区',
          '',
          '',
          '',
        ],
        [
          '坏行',
          '91321300XXXXXXXXX1',
          '上海市',
          '',
          '123',
          '其他有关事故预防工作、飞行',
          '',
          '',
          'X-1',
          '',
          '-1',
        ],
        [
          '宿城重复安全咨询有限公司',
          uscc(3),
          '宿城区',
          '王重复',
          '13905270004',
          '01',
          '',
          '宿城区',
          '',
          '',
          '',
        ],
        [
          '宿迁导入安全咨询有限公司',
          uscc(5),
          '宿城区',
          '王同名',
          '13905270005',
          '01',
          '',
          '宿城区',
          '',
          '',
          '',
        ],
        ['另一家导入公司名称', uscc(1), '宿城区', '王已用', '13905270006', '01', '', '宿城区', '', '', ''],
      ]),
    );
    expect(res.status).toBe(400);
    expect(res.body.result).toContain('未导入任何数据');
    const errors = (res.body.data as { errors: Array<{ rowNo: number; messages: string[] }> }).errors;
    expect(errors.map((e) => e.rowNo)).toEqual([3, 4, 5, 6]);
    const row3 = errors[0]!.messages.join('；');
    expect(row3).toContain('所在区县“上海市”');
    expect(row3).toContain('服务项目“飞行”');
    expect(errors[1]!.messages).toEqual(['统一社会信用代码与第2行重复']);
    expect(errors[2]!.messages).toEqual(['已有同名的服务机构']);
    expect(errors[3]!.messages).toEqual(['统一社会信用代码已被“宿迁导入安全咨询有限公司”使用']);
    expect(await serviceOrgCount()).toBe(before);

    // A row whose own fields are wrong names each (schema messages, with the column).
    const schema = await upload(
      admin,
      await xlsx([
        HEAD,
        [
          '宿城字段安全咨询有限公司',
          '91321300XXXXXXXXX1',
          '宿城区',
          '郑',
          '123',
          '其他有关事故预防工作',
          '',
          '宿城区',
          'X-1',
          '',
          '',
        ],
      ]),
    );
    expect(schema.status).toBe(400);
    const m = (schema.body.data as { errors: Array<{ messages: string[] }> }).errors[0]!.messages.join('；');
    expect(m).toContain('统一社会信用代码');
    expect(m).toContain('联系人');
    expect(m).toContain('电话格式不正确');
    expect(m).toContain('选择“其他有关事故预防工作”时请填写具体内容');
    expect(m).toContain('填写资质证书编号时请填写有效期至');
    expect(await serviceOrgCount()).toBe(before);
  });

  it('refuses bad files and callers without the permission', async () => {
    const noHead = await upload(admin, await xlsx([['名称', '代码']]));
    expect(noHead.status).toBe(400);
    expect(noHead.body.result).toContain('表头缺少');
    const empty = await upload(admin, await xlsx([HEAD]));
    expect(empty.status).toBe(400);
    expect(empty.body.result).toBe('文件中没有服务机构数据行');
    const csv = await upload(admin, await xlsx([HEAD]), '服务机构.csv');
    expect(csv.status).toBe(400);
    expect(csv.body.result).toContain('.xlsx');
    const notXlsx = await upload(admin, Buffer.from('PK\u0003\u0004garbage'));
    expect(notXlsx.status).toBe(400);
    const plain = await post(t, '/api/pool/org/import', admin, { file: 'x' });
    expect(plain.status).toBe(400);
    expect(plain.body.result).toContain('multipart/form-data');
    expect((await upload(gov, await xlsx([HEAD]))).status).toBe(403);
    expect((await upload(insurer, await xlsx([HEAD]))).status).toBe(403);
  });
});

describe('plan experts from the pool', () => {
  async function runningProject() {
    return t.database.db
      .selectFrom('apProjectPolicy as pp')
      .innerJoin('apProject as j', 'j.id', 'pp.projectId')
      .innerJoin('apProjectOrg as po', 'po.projectId', 'j.id')
      .innerJoin('sysUser as u', 'u.orgId', 'j.insurerId')
      .select(['j.id as projectId', 'pp.enterpriseId', 'po.orgId'])
      .where('u.username', '=', 'insurer')
      .where('j.endDate', '>=', addDays(chinaDate(t.clock.now()), 2))
      .where('po.orgType', '=', 'expert')
      .where('j.state', '!=', 3)
      .executeTakeFirstOrThrow();
  }

  it('lists the project organisations’ experts first, masked; others’ projects answer 404', async () => {
    const p = await runningProject();
    const res = await post(t, `/api/prevention/plan/expertOptions?projectId=${p.projectId}`, insurer);
    expect(res.status).toBe(200);
    const list = res.body.data as unknown as Row[];
    expect(list.length).toBeGreaterThan(1);
    // The project's organisations' experts come first.
    const projectOrgs = (
      await t.database.db
        .selectFrom('apProjectOrg')
        .select('orgId')
        .where('projectId', '=', p.projectId)
        .execute()
    ).map((o) => o.orgId);
    const inProject = list.map((x) => x.inProject);
    expect(inProject).toEqual([...inProject].sort((a, b) => Number(b) - Number(a)));
    for (const x of list) expect(x.inProject).toBe(projectOrgs.includes(x.orgId as number));
    expect(inProject).toContain(false);
    for (const x of list) expect(x.mobile).toMatch(/^1\d{2}\*{4}\d{4}$/);
    const wu = list.find((x) => x.name === '吴志明');
    expect(wu).toMatchObject({ inProject: true, status: 1 });
    const named = await post(
      t,
      `/api/prevention/plan/expertOptions?projectId=${p.projectId}&name=${encodeURIComponent('吴志')}`,
      insurer,
    );
    expect((named.body.data as unknown as Row[]).map((x) => x.name)).toEqual(['吴志明']);
    // Another insurer, a regulator, a missing project, bad input.
    expect(
      (await post(t, `/api/prevention/plan/expertOptions?projectId=${p.projectId}`, insurer2)).status,
    ).toBe(404);
    expect((await post(t, `/api/prevention/plan/expertOptions?projectId=${p.projectId}`, gov)).status).toBe(
      403,
    );
    expect((await post(t, '/api/prevention/plan/expertOptions?projectId=999999', insurer)).status).toBe(404);
    const bad = await post(t, '/api/prevention/plan/expertOptions?projectId=abc', insurer);
    expect(bad.status).toBe(400);
    expect(bad.body.result).toContain('projectId');
  });

  it('a plan naming an expert by expertId takes the pool’s details; a suspended one is refused', async () => {
    const p = await runningProject();
    const wu = await t.database.db
      .selectFrom('svExpert')
      .select(['id', 'name', 'orgId', 'title', 'mobileEnc', 'version'])
      .where('name', '=', '吴志明')
      .executeTakeFirstOrThrow()
      .then(({ mobileEnc, ...e }) => ({ ...e, mobile: decryptPhone(mobileEnc) }));
    const made = await post(
      t,
      '/api/prevention/plan/add',
      insurer,
      planBody(t, p.projectId, p.enterpriseId, p.orgId, {
        experts: [{ expertId: wu.id, name: '随便写的', title: '', phone: '' }],
      }),
      idem(),
    );
    expect(made.status).toBe(200);
    const plan = await t.database.db
      .selectFrom('apPlan')
      .select(['experts', 'version'])
      .where('id', '=', made.body.data.id as number)
      .executeTakeFirstOrThrow();
    // Stored with the phone encrypted (security.md P03).
    expect(plan.experts.map(({ phoneEnc, ...e }) => ({ ...e, phone: decryptPhone(phoneEnc) }))).toEqual([
      { name: '吴志明', orgId: wu.orgId, title: wu.title, phone: wu.mobile, expertId: wu.id },
    ]);
    expect(JSON.stringify(plan.experts)).not.toContain(wu.mobile);
    // The plan's detail shows the expert as before (no pool id in the answer), the phone masked (P04).
    const dr = await post(t, `/api/prevention/plan/detail?id=${made.body.data.id}`, insurer);
    const d = dr.body.data as Row;
    expect(d.experts).toEqual([
      { name: '吴志明', orgId: wu.orgId, title: wu.title, phone: maskMobile(wu.mobile) },
    ]);

    const missing = await post(
      t,
      '/api/prevention/plan/add',
      insurer,
      planBody(t, p.projectId, p.enterpriseId, p.orgId, { experts: [{ expertId: 999999, name: '无此人' }] }),
      idem(),
    );
    expect(missing.status).toBe(400);
    expect(missing.body.result).toBe('专家“无此人”不在专家库中，请重新选择');
    const twice = await post(
      t,
      '/api/prevention/plan/add',
      insurer,
      planBody(t, p.projectId, p.enterpriseId, p.orgId, {
        experts: [
          { expertId: wu.id, name: '吴志明' },
          { expertId: wu.id, name: '吴志明' },
        ],
      }),
      idem(),
    );
    expect(twice.status).toBe(400);
    expect(twice.body.result).toBe('同一位专家不能重复选择');

    // Suspended: refused on a new plan by id; the option list still shows it, as suspended.
    expect((await post(t, `/api/pool/expert/disable?id=${wu.id}&version=${wu.version}`, admin)).status).toBe(
      200,
    );
    const refused = await post(
      t,
      '/api/prevention/plan/add',
      insurer,
      planBody(t, p.projectId, p.enterpriseId, p.orgId, { experts: [{ expertId: wu.id, name: '吴志明' }] }),
      idem(),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.result).toBe('专家“吴志明”已被停用，不能选入新的服务计划');
    const opts = (await post(t, `/api/prevention/plan/expertOptions?projectId=${p.projectId}`, insurer)).body
      .data as unknown as Row[];
    expect(opts.find((x) => x.id === wu.id)).toMatchObject({ status: 2, inProject: true });
    expect(
      (await post(t, `/api/pool/expert/enable?id=${wu.id}&version=${wu.version + 1}`, admin)).status,
    ).toBe(200);
  });
});
