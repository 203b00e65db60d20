import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../../test/helpers.ts';
import { localFileStorage } from '../../platform/storage/local.ts';
import { MB } from './file.kinds.ts';
import { multipart, png, quotaSuite } from './quota-suite.testkit.ts';

// Quotas and orphan uploads on the shared directory (STORAGE=local): quota-suite.testkit.ts.
const suite = quotaSuite('local');

describe('free-disk-space floor (the shared directory only)', () => {
  it('answers 507 with a Chinese message when the disk is below the floor; /api/ready says the disk is low', async () => {
    expect((await suite.t().call({ method: 'GET', url: '/api/ready' })).json().data.disk).toBe('ok');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aqzrx-floor-'));
    // A floor 1 GB above the free space of the machine's disk.
    const floorMb = Math.ceil(((await localFileStorage(dir).freeBytes()) ?? 0) / MB) + 1024;
    const low = await createTestContext({ DATA_DIR: dir, UPLOAD_MIN_FREE_MB: String(floorMb) });
    try {
      const token = await low.login('ent');
      const res = await low.call({
        method: 'POST',
        url: '/api/file/uploadFile',
        token,
        ...multipart(png(1000)),
      });
      expect(res.statusCode).toBe(507);
      expect(res.json().code).toBe('INSUFFICIENT_STORAGE');
      expect(res.json().result).toMatch(
        /^服务器存储空间不足（剩余 [\d.]+ [GM]B，低于保留下限 [\d.]+ GB），暂时不能上传文件，文件未保存。请联系系统管理员清理磁盘或扩容后再试。$/,
      );
      const uploads = path.join(dir, 'uploads');
      expect(fs.readdirSync(uploads, { recursive: true })).toEqual([]);
      const ready = await low.call({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json().data).toMatchObject({ status: 'ready', disk: 'low' });
    } finally {
      await low.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
