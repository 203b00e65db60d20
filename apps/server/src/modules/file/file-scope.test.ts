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
        t.app.deps.storage,
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

/** A file the server stored with no owner (so only the record it is attached to can grant reading). */
async function orphanFile(): Promise<string> {
  return t.database.db
    .transaction()
    .execute((trx) =>
      storeFileBytes(trx, t.app.deps.storage, PNG, 'photo.png', { userId: null, orgId: null }, new Date()),
    );
}

describe('other owner kinds: policy, claim and hazard files follow their records', () => {
  it("a policy's attachment: the regulator of its district, its enterprise; not another district or enterprise", async () => {
    const db = t.database.db;
    const policy = await db
      .selectFrom('insPolicy')
      .select(['id', 'enterpriseId'])
      .where('status', '=', 'approved')
      .where('districtCode', '=', '321302')
      .where('enterpriseId', '=', await orgOf('宿迁市恒安化工有限公司'))
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const id = await orphanFile();
    await db
      .updateTable('insPolicy')
      .set({ attachments: JSON.stringify([id]) })
      .where('id', '=', policy.id)
      .execute();
    expect(await status(id, 'gov')).toBe(200);
    expect(await status(id, 'ent')).toBe(200);
    expect(await status(id, 'gov_sy')).toBe(404);
    expect(await status(id, 'ent2')).toBe(404);
  });

  it("a claim's files (report, step, injured person's proof): the regulator of its district only", async () => {
    const db = t.database.db;
    const claim = await db
      .selectFrom('insClaim')
      .select('id')
      .where('districtCode', '=', '321302')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const report = await orphanFile();
    await db
      .updateTable('insClaim')
      .set({ attachments: JSON.stringify([report]) })
      .where('id', '=', claim.id)
      .execute();
    expect(await status(report, 'gov')).toBe(200);
    expect(await status(report, 'gov_sy')).toBe(404);
    expect(await status(report, 'ent2')).toBe(404);
    const step = await db
      .selectFrom('insClaimStep')
      .select('id')
      .where('claimId', '=', claim.id)
      .executeTakeFirst();
    if (step) {
      const stepFile = await orphanFile();
      await db
        .updateTable('insClaimStep')
        .set({ attachments: JSON.stringify([stepFile]) })
        .where('id', '=', step.id)
        .execute();
      expect(await status(stepFile, 'gov')).toBe(200);
      expect(await status(stepFile, 'gov_sy')).toBe(404);
    }
  });

  it("a hazard's photos: gov_sy reads a 泗阳县 hazard's, not a 宿城区 one's", async () => {
    const db = t.database.db;
    const hazardIn = (district: string) =>
      db
        .selectFrom('apHazard')
        .select('id')
        .where('districtCode', '=', district)
        .where('live', '=', true)
        .orderBy('id')
        .executeTakeFirstOrThrow();
    const siyang = await hazardIn('321323');
    const sucheng = await hazardIn('321302');
    const syPhoto = await orphanFile();
    const scPhoto = await orphanFile();
    await db
      .updateTable('apHazard')
      .set({ photos: JSON.stringify([syPhoto]) })
      .where('id', '=', siyang.id)
      .execute();
    await db
      .updateTable('apHazard')
      .set({ photos: JSON.stringify([scPhoto]) })
      .where('id', '=', sucheng.id)
      .execute();
    expect(await status(syPhoto, 'gov_sy')).toBe(200);
    expect(await status(scPhoto, 'gov_sy')).toBe(404);
    expect(await status(scPhoto, 'gov')).toBe(200);
    expect(await status(syPhoto, 'ent2')).toBe(404);
    // A file attached to nothing and owned by nobody is the admin's only.
    const loose = await orphanFile();
    expect(await status(loose, 'gov')).toBe(404);
    expect(await status(loose, 'admin')).toBe(200);
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
