import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { decryptPhone } from '../../platform/pii.ts';
import {
  download,
  makeUser,
  post,
  secondInsurerId,
  TEST_PDF,
  uploadPdf,
  waitForLog,
} from '../policy/policy.testkit.ts';

let t: TestContext;
let insurer: string;
let ent: string;
beforeAll(async () => {
  t = await createTestContext({ LOGIN_RATE_MAX: '1000', API_RATE_MAX: '100000' });
  [insurer, ent] = await Promise.all([t.login('insurer'), t.login('ent')]);
});
afterAll(() => t.close());

const tech = {
  staffType: 2,
  name: '吴技术',
  idType: '01',
  idNo: '321322199002284520',
  mobile: '13905271111',
  title: '注册安全工程师',
  serviceItems: ['01', '03'],
};

describe('institution profile', () => {
  it('reads and saves its own profile with the version; branches need the head office', async () => {
    const mine = await post(t, '/api/insurer/mine', insurer);
    expect(mine.status).toBe(200);
    expect(mine.body.data).toMatchObject({ insurerType: 2, orgCode: 'PICC-SQ-000001' });
    const body = {
      version: mine.body.data.version,
      insurerType: 2,
      name: mine.body.data.name,
      orgCode: 'PICC-SQ-000001',
      uscc: mine.body.data.uscc,
      parentName: '',
      parentCode: '',
      districtCode: '321302',
      address: '宿城区发展大道1号',
      headName: '郑经理',
      headMobile: '13905272222',
    };
    expect((await post(t, '/api/insurer/saveMine', insurer, body)).body.result).toContain('总部名称');
    const ok = await post(t, '/api/insurer/saveMine', insurer, {
      ...body,
      parentName: '中国人民财产保险股份有限公司',
      parentCode: '000001',
    });
    expect(ok.status).toBe(200);
    const stale = await post(t, '/api/insurer/saveMine', insurer, {
      ...body,
      parentName: '总部',
      parentCode: '000001',
    });
    expect(stale.status).toBe(409);
    expect((await post(t, '/api/insurer/mine', ent)).status).toBe(403);
    const opts = await post(t, '/api/insurer/options', ent);
    expect((opts.body.data as unknown as unknown[]).length).toBe(3);
  });
});

describe("the institution's own 负责人手机号 (security P04)", () => {
  const reveal = (token: string, id: number) =>
    post(t, '/api/pii/reveal', token, { kind: 'insurer', id, field: 'headMobile' });
  const storedHead = async (id: number) => {
    const r = await t.database.db
      .selectFrom('insInsurer')
      .select(['headMobileEnc', 'version'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return { headMobile: decryptPhone(r.headMobileEnc), version: r.version };
  };

  it('is masked on the own profile; the institution reveals it (audited), another insurer gets 404', async () => {
    const mine = await post(t, '/api/insurer/mine', insurer);
    const id = mine.body.data.id as number;
    const full = (await storedHead(id)).headMobile;
    expect(full).toMatch(/^1\d{10}$/);
    expect(mine.body.data.headMobile).toBe(`${full.slice(0, 3)}****${full.slice(-4)}`);
    expect(JSON.stringify(mine.body)).not.toContain(full);
    const own = await reveal(insurer, id);
    expect(own.status).toBe(200);
    expect(own.body.data.value).toBe(full);
    const other = await makeUser(t, 'insurer', 'ins-p04-other', { orgId: await secondInsurerId(t) });
    const foreign = await reveal(other, id);
    expect(foreign.status).toBe(404);
    expect(JSON.stringify(foreign.body)).not.toContain(full);
    expect((await reveal(ent, id)).status).toBe(403);
    const rows = await t.database.db
      .selectFrom('sysOperLog')
      .select(['module', 'outcome', 'username', 'params'])
      .where('targetId', '=', `insurer:${id}:headMobile`)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.module, r.outcome, r.username])).toEqual([
      ['敏感信息查看', 'success', 'insurer'],
      ['敏感信息查看', 'fail', 'ins-p04-other'],
      // Without the profile's permission: the platform's 403 row.
      ['访问拒绝', 'fail', 'ent'],
    ]);
    expect(JSON.stringify(rows)).not.toContain(full);
  });

  it('saving with the masked number sent back keeps the stored one; a mask of another number is refused', async () => {
    const d = (await post(t, '/api/insurer/mine', insurer)).body.data as Record<string, unknown>;
    const before = await storedHead(d.id as number);
    const body = {
      version: d.version,
      insurerType: d.insurerType,
      name: d.name,
      orgCode: d.orgCode,
      uscc: d.uscc,
      parentName: d.parentName,
      parentCode: d.parentCode,
      districtCode: d.districtCode,
      address: d.address,
      headName: d.headName,
      headMobile: d.headMobile,
    };
    const foreign = await post(t, '/api/insurer/saveMine', insurer, { ...body, headMobile: '139****0000' });
    expect(foreign.status).toBe(400);
    expect(foreign.body.result).toBe('负责人手机号不完整，请填写完整号码');
    expect(await storedHead(d.id as number)).toEqual(before);
    const kept = await post(t, '/api/insurer/saveMine', insurer, body);
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(await storedHead(d.id as number)).toEqual({ ...before, version: before.version + 1 });
    const changed = await post(t, '/api/insurer/saveMine', insurer, {
      ...body,
      version: before.version + 1,
      headMobile: '13905273333',
    });
    expect(changed.status).toBe(200);
    expect((await storedHead(d.id as number)).headMobile).toBe('13905273333');
  });
});

describe('technicists', () => {
  let id: number;
  it('validates the ID number (GB 11643), stores it encrypted and masks it in lists', async () => {
    const bad = await post(t, '/api/technicist/add', insurer, { ...tech, idNo: '321322199002284521' });
    expect(bad.status).toBe(400);
    expect(bad.body.result).toContain('身份证号码');
    const passport = await post(t, '/api/technicist/add', insurer, {
      ...tech,
      idType: '03',
      idNo: 'E12345678',
      name: '外聘专家',
    });
    expect(passport.status).toBe(200);
    const ok = await post(t, '/api/technicist/add', insurer, tech);
    expect(ok.status).toBe(200);
    id = ok.body.data.id as number;
    expect((await post(t, '/api/technicist/add', insurer, { ...tech, name: '重复人员' })).status).toBe(409);
    const list = await post(t, '/api/technicist/list?staffType=2&pageSize=50', insurer);
    const row = list.body.data.page.list.find((r) => r.id === id)!;
    expect(row).toMatchObject({ idNo: '321322********4520', mobile: '139****1111', staffType: 2 });
    expect(JSON.stringify(list.body)).not.toContain('199002284520');
    const stored = await t.database.db
      .selectFrom('insTechnicist')
      .select(['idNoEnc', 'idNoHash'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.idNoEnc).not.toContain('3213');
    expect(stored.idNoHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('reveals the full number only on request, with an operation-log row', async () => {
    const since = t.clock.now();
    const r = await post(t, `/api/technicist/revealIdNo?id=${id}`, insurer);
    expect(r.body.data).toMatchObject({ idNo: '321322199002284520', mobile: '13905271111' });
    const log = await waitForLog(t, '/api/technicist/revealIdNo', since);
    expect(log).toMatchObject({ kind: 'get', targetId: String(id) });
  });

  it('edits keep the stored number when left out; stale versions and other insurers are refused', async () => {
    const d = await post(t, `/api/technicist/detail?id=${id}`, insurer);
    const { idNo: _i, mobile: _m, ...rest } = tech;
    const ok = await post(t, '/api/technicist/edit', insurer, {
      ...rest,
      id,
      version: d.body.data.version,
      title: '高级工程师',
    });
    expect(ok.status).toBe(200);
    expect((await post(t, `/api/technicist/revealIdNo?id=${id}`, insurer)).body.data.idNo).toBe(
      '321322199002284520',
    );
    const stale = await post(t, '/api/technicist/edit', insurer, {
      ...rest,
      id,
      version: d.body.data.version,
    });
    expect(stale.status).toBe(409);
    const other = await makeUser(t, 'insurer', 'tech-insurer2', { orgId: await secondInsurerId(t) });
    expect((await post(t, `/api/technicist/detail?id=${id}`, other)).status).toBe(404);
    expect((await post(t, `/api/technicist/revealIdNo?id=${id}`, other)).status).toBe(404);
    const theirs = (await post(t, '/api/technicist/list', other)).body.data.page.list;
    expect(theirs.length).toBe(4);
    expect((await post(t, '/api/technicist/list', ent)).status).toBe(403);
    const del = await post(t, `/api/technicist/delete?id=${id}&version=${ok.body.data.version}`, insurer);
    expect(del.status).toBe(200);
    expect((await post(t, `/api/technicist/detail?id=${id}`, insurer)).status).toBe(404);
  });
});

describe('documents', () => {
  it('an insurer publishes a rate table; enterprises list and download it', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const boundary = '----aqzrxDoc';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="费率表.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      pdf,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const up = await t.call({
      method: 'POST',
      url: '/api/file/uploadFile',
      token: insurer,
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(up.statusCode).toBe(200);
    const fileId = up.json().data.fileMap.fileId as string;
    const add = await post(t, '/api/insurerDoc/add', insurer, {
      docType: 2,
      title: '安责险费率表（2026版）',
      fileId,
    });
    expect(add.status).toBe(200);
    const foreign = await post(t, '/api/insurerDoc/add', ent, { docType: 2, title: 'x', fileId });
    expect(foreign.status).toBe(403);
    const pub = await post(t, '/api/insurerDoc/published?docType=2', ent);
    const doc = pub.body.data.page.list.find((d) => d.id === add.body.data.id)!;
    expect(doc).toMatchObject({
      title: '安责险费率表（2026版）',
      insurerName: '中国人民财产保险股份有限公司宿迁市分公司',
    });
    const dl = await t.call({ method: 'GET', url: doc.fileUrl as string, token: ent });
    expect(dl.statusCode).toBe(200);
    expect(dl.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The enterprise cannot fetch the insurer's file directly, only as a published document.
    expect((await t.call({ method: 'GET', url: `/api/file/${fileId}`, token: ent })).statusCode).toBe(404);
    const own = await post(t, '/api/insurerDoc/list', insurer);
    expect(own.body.data.page.total).toBe(1);
    const other = await makeUser(t, 'insurer', 'doc-insurer2', { orgId: await secondInsurerId(t) });
    expect((await post(t, '/api/insurerDoc/list', other)).body.data.page.total).toBe(0);
    const d = own.body.data.page.list[0]!;
    expect((await post(t, `/api/insurerDoc/delete?id=${d.id}&version=${d.version}`, other)).status).toBe(404);
    expect((await post(t, `/api/insurerDoc/delete?id=${d.id}&version=${d.version}`, insurer)).status).toBe(
      200,
    );
  });

  it('/api/insurerDoc/file serves published documents only; a deleted or missing one answers 404 alike', async () => {
    const fileId = await uploadPdf(t, insurer, '保险条款.pdf');
    const add = await post(t, '/api/insurerDoc/add', insurer, { docType: 1, title: '安责险条款', fileId });
    expect(add.status).toBe(200);
    const id = add.body.data.id as number;
    const ent2 = await t.login('ent2');
    for (const reader of [insurer, ent, ent2]) {
      const got = await download(t, `/api/insurerDoc/file?id=${id}`, reader);
      expect(got.status).toBe(200);
      expect(got.bytes.equals(TEST_PDF)).toBe(true);
    }
    const missing = await download(t, '/api/insurerDoc/file?id=999999', ent);
    expect(missing.status).toBe(404);
    // Another insurer's upload that it has not published cannot be reached (no document names it).
    const other = await makeUser(t, 'insurer', 'docfile-insurer2', { orgId: await secondInsurerId(t) });
    const draft = await uploadPdf(t, other, '未发布.pdf');
    expect((await t.call({ method: 'GET', url: `/api/file/${draft}`, token: ent })).statusCode).toBe(404);
    // Only its owner deletes it; once deleted it answers exactly like a missing one.
    const own = (await post(t, '/api/insurerDoc/list', insurer)).body.data.page.list.find(
      (d) => d.id === id,
    )!;
    expect((await post(t, `/api/insurerDoc/delete?id=${id}&version=${own.version}`, other)).status).toBe(404);
    expect((await post(t, `/api/insurerDoc/delete?id=${id}&version=${own.version}`, insurer)).status).toBe(
      200,
    );
    for (const reader of [insurer, ent]) {
      const gone = await download(t, `/api/insurerDoc/file?id=${id}`, reader);
      expect(gone.status).toBe(404);
      expect(gone.result).toBe(missing.result);
    }
    const admin = await t.login('admin');
    expect((await download(t, '/api/insurerDoc/file?id=1', admin)).status).toBe(403);
  });

  it('/api/insurerDoc/edit with a stale version answers 409 and changes nothing; another insurer gets 404', async () => {
    const fileId = await uploadPdf(t, insurer, '费率表.pdf');
    const add = await post(t, '/api/insurerDoc/add', insurer, { docType: 2, title: '费率表 v1', fileId });
    const id = add.body.data.id as number;
    const row = async () =>
      t.database.db
        .selectFrom('insInsurerDoc')
        .select(['title', 'docType', 'remark', 'version', 'updatedAt'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    const v1 = await row();
    const edit = await post(t, '/api/insurerDoc/edit', insurer, {
      id,
      version: v1.version,
      docType: 2,
      title: '费率表 v2',
      fileId,
      remark: '',
    });
    expect(edit.status).toBe(200);
    const v2 = await row();
    expect(v2).toMatchObject({ title: '费率表 v2', version: v1.version + 1 });
    const stale = await post(t, '/api/insurerDoc/edit', insurer, {
      id,
      version: v1.version,
      docType: 3,
      title: '费率表 过期版本',
      fileId,
      remark: '不应保存',
    });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('STALE_VERSION');
    expect(await row()).toEqual(v2);
    const other = await makeUser(t, 'insurer', 'docedit-insurer2', { orgId: await secondInsurerId(t) });
    const theirs = await post(t, '/api/insurerDoc/edit', other, {
      id,
      version: v2.version,
      docType: 2,
      title: '别家改的',
      fileId: await uploadPdf(t, other, 'x.pdf'),
      remark: '',
    });
    expect(theirs.status).toBe(404);
    expect(await row()).toEqual(v2);
  });
});
