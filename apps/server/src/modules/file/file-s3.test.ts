import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../../test/helpers.ts';
import { fileOf, fileSuite, HEADS } from './file-suite.testkit.ts';

/**
 * Uploads and downloads on an S3-compatible store (STORAGE=s3): the whole suite of file-suite.testkit.ts
 * through the AWS SDK against the local stand-in (test/s3-standin.ts, which checks every request's SigV4
 * signature), and what only an object store has: the bytes are in the bucket and not on the server's disk,
 * the store refusing the server's keys or failing answers 503 with nothing kept.
 */
const suite = fileSuite('s3');

describe('S3 storage', () => {
  it('keeps the bytes in the bucket, none on the local disk', async () => {
    const data = fileOf(HEADS.pdf, 70_000);
    const res = await suite.uploadFile('报告.pdf', data);
    expect(res.statusCode, res.body).toBe(200);
    const id: string = res.json().data.fileMap.fileId;
    const row = await suite
      .t()
      .database.db.selectFrom('sysFile')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const object = suite.store().standIn!.objects.get(row.storagePath);
    expect(object?.body.equals(data)).toBe(true);
    expect(object?.contentType).toBe('application/pdf');
    expect(suite.store().localFiles()).toEqual([]);
    // The stand-in saw the SDK's signed PutObject for it.
    expect(suite.store().standIn!.log).toContainEqual({ op: 'PutObject', key: row.storagePath, status: 200 });
  });

  it('sends a file over 5 MB as a multipart upload, read back through ranged GetObject', async () => {
    const data = fileOf(HEADS.mp4, 11 * 1024 * 1024 + 7);
    const res = await suite.uploadFile('video.mp4', data);
    expect(res.statusCode, JSON.stringify(suite.store().standIn!.log.slice(-8))).toBe(200);
    const id: string = res.json().data.fileMap.fileId;
    const log = suite.store().standIn!.log;
    const ops = log.filter((l) => l.key.endsWith(`${id}.mp4`)).map((l) => l.op);
    expect(ops).toEqual([
      'CreateMultipartUpload',
      'UploadPart',
      'UploadPart',
      'UploadPart',
      'CompleteMultipartUpload',
    ]);
    const part = await suite.t().call({
      method: 'GET',
      url: `/api/file/${id}`,
      token: suite.token('ent'),
      headers: { range: 'bytes=6000000-6000099' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(data.subarray(6_000_000, 6_000_100))).toBe(true);
    expect(log.at(-1)).toMatchObject({ op: 'GetObject', status: 206 });
  });

  it('a store failing while a file is read answers 503, not a missing file', async () => {
    const res = await suite.uploadFile('a.png', fileOf(HEADS.png, 2000));
    const id: string = res.json().data.fileMap.fileId;
    const standIn = suite.store().standIn!;
    standIn.failing.add('GetObject');
    try {
      const read = await suite.t().call({ method: 'GET', url: `/api/file/${id}`, token: suite.token('ent') });
      expect(read.statusCode).toBe(503);
      expect(read.json()).toMatchObject({
        code: 'STORAGE_UNAVAILABLE',
        result: '文件存储服务暂时不可用，请稍后重试；如持续出现请联系系统管理员',
      });
      expect(read.headers['retry-after']).toBe('30');
    } finally {
      standIn.failing.clear();
    }
  });

  it('refuses to start without its settings, naming the missing ones', async () => {
    await expect(
      createTestContext({ ...suite.store().env, S3_BUCKET: '', S3_SECRET_ACCESS_KEY: '' }),
    ).rejects.toThrow(
      '环境变量配置有误:\n  STORAGE=s3 时须设置 S3_BUCKET、S3_SECRET_ACCESS_KEY（对象存储的服务地址、区域、存储桶和访问密钥）',
    );
  });

  it('a wrong secret: the upload is refused with 503, nothing stored, no row', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aqzrx-files-s3-wrong-'));
    const standIn = suite.store().standIn!;
    const wrong = await createTestContext({
      DATA_DIR: dataDir,
      ...standIn.env({ S3_SECRET_ACCESS_KEY: 'not-the-secret' }),
    });
    try {
      const keys = suite.store().keys();
      const rows = await wrong.database.db.selectFrom('sysFile').select('id').execute();
      const token = await wrong.login('ent');
      const { payload, headers } = (() => {
        const boundary = 'wrongsecret';
        return {
          payload: Buffer.concat([
            Buffer.from(
              `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
            ),
            fileOf(HEADS.png, 3000),
            Buffer.from(`\r\n--${boundary}--\r\n`),
          ]),
          headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        };
      })();
      const res = await wrong.call({ method: 'POST', url: '/api/file/uploadFile', token, payload, headers });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        code: 'STORAGE_UNAVAILABLE',
        result: '文件存储服务暂时不可用，文件未保存，请稍后重新上传；如持续出现请联系系统管理员',
      });
      expect(standIn.log.at(-1)).toMatchObject({ status: 403 });
      expect(suite.store().keys()).toEqual(keys);
      expect(await wrong.database.db.selectFrom('sysFile').select('id').execute()).toEqual(rows);
      expect(
        fs.readdirSync(dataDir, { recursive: true }).filter((f) => String(f).startsWith('uploads')),
      ).toEqual([]);
    } finally {
      await wrong.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
