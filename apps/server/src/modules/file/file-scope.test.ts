import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { roleIdOf, STRONG } from '../user/user.testkit.ts';
import { storeFileBytes } from './file.service.ts';

/**
 * Files follow the scope of the record they belong to (issue 17 finding 6, security.md F03/Z02): a
 * download by id asks the owning module (app.fileScopes) whether the caller may read the record.
 */

let t: TestContext;
let dataDir: string;
const tok: Record<string, string> = {};
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]),
  Buffer.alloc(200, 7),
]);

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aqzrx-file-scope-'));
  t = await createTestContext({ DATA_DIR: dataDir, API_RATE_MAX: '100000', LOGIN_RATE_MAX: '1000' });
  for (const u of ['admin', 'gov', 'gov_sy', 'ent', 'ent2', 'insurer']) tok[u] = await t.login(u);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const get = (id: string, token: string) => t.call({ method: 'GET', url: `/api/file/${id}`, token });
const status = async (id: string, who: string) => (await get(id, tok[who]!)).statusCode;

/** Stores a licence image owned by the enterprise (as its own upload would be) and sets it on the profile. */
async function giveLicence(enterpriseId: number, column: 'businessLicenceFileId' | 'licenceFileId') {
  const db = t.database.db;
  const id = await db
    .transaction()
    .execute((trx) =>
      storeFileBytes(
        trx,
        t.config.uploadDir,
        PNG,
        'licence.png',
        { userId: null, orgId: enterpriseId },
        new Date(),
      ),
    );
  await db
    .updateTable('insEnterprise')
    .set({ [column]: id })
    .where('id', '=', enterpriseId)
    .execute();
  return id;
}

const orgOf = async (name: string) =>
  (await t.database.db.selectFrom('sysOrg').select('id').where('name', '=', name).executeTakeFirstOrThrow())
    .id;

describe('GET /api/file/:id follows the record the file belongs to', () => {
  let suchengLicence: string;
  let siyangLicence: string;
  beforeAll(async () => {
    // ent: 宿迁市恒安化工有限公司, 宿城区 (321302).
    suchengLicence = await giveLicence(await orgOf('宿迁市恒安化工有限公司'), 'businessLicenceFileId');
    const siyang = await t.database.db
      .selectFrom('insEnterprise as e')
      .innerJoin('sysOrg as o', 'o.id', 'e.id')
      .select('e.id')
      .where('o.districtCode', '=', '321323')
      .where('o.deletedAt', 'is', null)
      .orderBy('e.id')
      .executeTakeFirstOrThrow();
    siyangLicence = await giveLicence(siyang.id, 'licenceFileId');
  });

  it('an enterprise licence: the district regulator of its district, the city regulator, the enterprise, the admin', async () => {
    expect(await status(suchengLicence, 'gov_sy')).toBe(404);
    expect(await status(siyangLicence, 'gov_sy')).toBe(200);
    expect(await status(suchengLicence, 'gov')).toBe(200);
    expect(await status(siyangLicence, 'gov')).toBe(200);
    expect(await status(suchengLicence, 'ent')).toBe(200);
    expect(await status(suchengLicence, 'admin')).toBe(200);
    // Another enterprise answers exactly as for a missing file.
    const foreign = await get(suchengLicence, tok.ent2!);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'NOT_FOUND', result: '文件不存在' });
    expect(await status(siyangLicence, 'ent')).toBe(404);
  });

  it('an insurer reads the licences of enterprises it underwrites, not others', async () => {
    const insurerOrg = await orgOf('中国人民财产保险股份有限公司宿迁市分公司');
    const db = t.database.db;
    const insured = await db
      .selectFrom('insPolicy')
      .select('enterpriseId')
      .where('insurerId', '=', insurerOrg)
      .where('status', '=', 'approved')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const stranger = await db
      .selectFrom('insEnterprise as e')
      .select('e.id')
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('insPolicy as p')
              .leftJoin('insPolicyCoinsurer as c', 'c.policyId', 'p.id')
              .select('p.id')
              .whereRef('p.enterpriseId', '=', 'e.id')
              .where((w) => w.or([w('p.insurerId', '=', insurerOrg), w('c.insurerId', '=', insurerOrg)])),
          ),
        ),
      )
      .orderBy('e.id')
      .executeTakeFirstOrThrow();
    const insuredLicence = await giveLicence(insured.enterpriseId, 'licenceFileId');
    const strangerLicence = await giveLicence(stranger.id, 'licenceFileId');
    expect(await status(insuredLicence, 'insurer')).toBe(200);
    expect(await status(strangerLicence, 'insurer')).toBe(404);
  });

  it('a government colleague of the same department no longer reads an upload attached to nothing', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/file/uploadFile',
      token: tok.gov!,
      ...multipartPng(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.fileMap.fileId as string;
    // The uploader always reads its own upload; its department's other regulator does not.
    expect(await status(id, 'gov')).toBe(200);
    expect(await status(id, 'gov_sy')).toBe(404);
    expect(await status(id, 'admin')).toBe(200);
  });

  it("an enterprise's own colleagues read its uploads (organisations other than government departments)", async () => {
    const entOrg = await orgOf('宿迁市恒安化工有限公司');
    await t.call({
      method: 'POST',
      url: '/api/sys/user/add',
      token: tok.admin!,
      payload: {
        username: 'ent_colleague',
        password: STRONG,
        mustChangePassword: false,
        roleId: await roleIdOf(t, 'ROLE_ENT'),
        orgId: entOrg,
      },
    });
    const colleague = await t.login('ent_colleague', STRONG);
    const res = await t.call({
      method: 'POST',
      url: '/api/file/uploadFile',
      token: tok.ent!,
      ...multipartPng(),
    });
    const id = res.json().data.fileMap.fileId as string;
    expect((await get(id, colleague)).statusCode).toBe(200);
    expect(await status(id, 'gov')).toBe(404);
  });
});

function multipartPng() {
  const boundary = '----aqzrxscope';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
