import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../../test/helpers.ts';
import { localFileStorage } from '../../platform/storage/local.ts';
import { MB } from './file.kinds.ts';
import { multipart, png, quotaSuite } from './quota-suite.testkit.ts';

// Quotas and orphan uploads on an S3-compatible store (STORAGE=s3, the local stand-in): quota-suite.testkit.ts.
const suite = quotaSuite('s3');

describe('free-disk-space floor with an object store', () => {
  it('does not apply: the bucket is not the server’s disk, so uploads go on and /api/ready says ok', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aqzrx-floor-s3-'));
    // The same floor that answers 507 on the shared directory (1 GB above the machine's free space).
    const floorMb = Math.ceil(((await localFileStorage(dir).freeBytes()) ?? 0) / MB) + 1024;
    const s3 = await createTestContext({
      DATA_DIR: dir,
      UPLOAD_MIN_FREE_MB: String(floorMb),
      ...suite.store().env,
    });
    try {
      const token = await s3.login('ent');
      const res = await s3.call({
        method: 'POST',
        url: '/api/file/uploadFile',
        token,
        ...multipart(png(1000)),
      });
      expect(res.statusCode, res.body).toBe(200);
      const ready = await s3.call({ method: 'GET', url: '/api/ready' });
      expect(ready.json().data).toMatchObject({ status: 'ready', disk: 'ok' });
    } finally {
      await s3.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
