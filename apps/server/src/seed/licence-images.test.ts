import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helpers.ts';
import { detectContent } from '../modules/file/index.ts';
import { licencePng, seedLicenceImages } from './licence-images.ts';

let t: TestContext;
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aqzrx-licence-'));
  t = await createTestContext({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('demo business-licence images', () => {
  it('draws a real PNG', () => {
    const png = licencePng();
    expect(detectContent(png)?.mime).toBe('image/png');
    expect(png.readUInt32BE(16)).toBe(480);
    expect(png.readUInt32BE(20)).toBe(340);
  });

  it('gives every complete profile a licence file its enterprise can read, once', async () => {
    const db = t.database.db;
    const stored = await seedLicenceImages(db, t.app.deps.storage);
    const complete = await db
      .selectFrom('insEnterprise')
      .select(['id', 'businessLicenceFileId'])
      .where('infoComplete', '=', true)
      .execute();
    expect(stored).toBe(complete.length);
    expect(complete.every((e) => e.businessLicenceFileId)).toBe(true);
    expect(new Set(complete.map((e) => e.businessLicenceFileId)).size).toBe(complete.length);
    // A second run adds nothing.
    expect(await seedLicenceImages(db, t.app.deps.storage)).toBe(0);

    const ent = await t.login('ent');
    const heng = await db
      .selectFrom('insEnterprise as e')
      .innerJoin('sysOrg as o', 'o.id', 'e.id')
      .select(['e.id', 'e.businessLicenceFileId'])
      .where('o.name', '=', '宿迁市恒安化工有限公司')
      .executeTakeFirstOrThrow();
    const detail = await t.call({ method: 'POST', url: `/api/enterprise/detail?id=${heng.id}`, token: ent });
    expect(detail.json().data.businessLicenceFileId).toBe(heng.businessLicenceFileId);
    const file = await t.call({ method: 'GET', url: `/api/file/${heng.businessLicenceFileId}`, token: ent });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('image/png');
    expect(file.rawPayload.equals(licencePng())).toBe(true);
    // Another enterprise's licence stays private.
    const other = complete.find((e) => e.id !== heng.id)!;
    const denied = await t.call({
      method: 'GET',
      url: `/api/file/${other.businessLicenceFileId}`,
      token: ent,
    });
    expect(denied.statusCode).toBe(404);
  });
});
