import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ClamdStandIn, EICAR, startClamdStandIn } from '../../../test/clamd-standin.ts';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { openStorageUnderTest, type StorageKind, type StorageUnderTest } from '../../../test/storage-kit.ts';
import { phoneIndex } from '../../platform/pii.ts';
import { MB } from './file.kinds.ts';
import { fileOf, HEADS, multipart } from './file-suite.testkit.ts';

/**
 * Uploads are scanned by the antivirus before they are stored (security.md F02), on both storages: a server with
 * AV_SCAN=on and CLAMD_URL at a stand-in that speaks clamd's INSTREAM protocol over TCP (test/clamd-standin.ts,
 * which finds the EICAR test string). What the store holds is read from the store itself.
 */

/** A file of `kind` that passes the magic-byte check and carries the EICAR test string at `at`. */
function infected(head: Buffer, size: number, at = 4096): Buffer {
  const data = fileOf(head, size);
  Buffer.from(EICAR, 'latin1').copy(data, at);
  return data;
}

for (const kind of ['local', 's3'] as StorageKind[]) {
  describe(`antivirus scan of uploads (${kind})`, () => {
    let t: TestContext;
    let store: StorageUnderTest;
    let clamd: ClamdStandIn;
    let dataDir: string;
    let ent: string;

    beforeAll(async () => {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `aqzrx-av-${kind}-`));
      store = await openStorageUnderTest(kind, dataDir);
      clamd = await startClamdStandIn();
      t = await createTestContext({
        DATA_DIR: dataDir,
        API_RATE_MAX: '100000',
        LOGIN_RATE_MAX: '1000',
        AV_SCAN: 'on',
        CLAMD_URL: clamd.url,
        AV_TIMEOUT_MS: '2000',
        ...store.env,
      });
      ent = await t.login('ent');
    });
    afterAll(async () => {
      await t.close();
      await clamd.close();
      await store.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    const upload = (filename: string, data: Buffer) => {
      const { payload, headers } = multipart([{ name: 'file', filename, data }]);
      return t.call({ method: 'POST', url: '/api/file/uploadFile', payload, headers, token: ent });
    };
    const fileCount = async () =>
      Number(
        (
          await t.database.db
            .selectFrom('sysFile')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    /** The upload's operation-log row (written after the response). */
    async function logOf(requestId: string) {
      const end = Date.now() + 5_000;
      for (;;) {
        const row = await t.database.db
          .selectFrom('sysOperLog')
          .select(['module', 'kind', 'outcome', 'errorMsg', 'username'])
          .where('requestId', '=', requestId)
          .executeTakeFirst();
        if (row || Date.now() > end) return row;
        await new Promise((r) => setTimeout(r, 20));
      }
    }

    it('stores a clean file once clamd has seen all of it, and serves it', async () => {
      const data = fileOf(HEADS.pdf, 300_000);
      const before = clamd.scans.length;
      const res = await upload('报告.pdf', data);
      expect(res.statusCode, res.body).toBe(200);
      expect(clamd.scans.slice(before)).toEqual([
        { bytes: data.length, chunks: expect.any(Number), terminated: true, reply: 'stream: OK' },
      ]);
      const id: string = res.json().data.fileMap.fileId;
      const get = await t.call({ method: 'GET', url: `/api/file/${id}`, token: ent });
      expect(get.statusCode).toBe(200);
      expect(get.rawPayload.equals(data)).toBe(true);
      expect((await t.call({ method: 'GET', url: '/api/ready' })).json().data).toMatchObject({
        antivirus: 'ok',
      });
    });

    it('refuses an infected file with 422, keeps nothing and logs the refusal (small and multipart-sized)', async () => {
      for (const [name, data] of [
        ['扫描件.pdf', infected(HEADS.pdf, 200_000)],
        // 12 MB with the test string near the end: on S3 two 5 MB parts are sent before clamd's verdict.
        ['录像.mp4', infected(HEADS.mp4, 12 * MB, 12 * MB - 1000)],
      ] as const) {
        const keys = store.keys();
        const rows = await fileCount();
        const res = await upload(name, data);
        expect(res.statusCode, res.body).toBe(422);
        expect(res.json()).toMatchObject({
          error: 422,
          code: 'FILE_INFECTED',
          result:
            '文件未通过病毒检查（检出 Eicar-Signature），未保存；请用杀毒软件清除后重新上传，或联系系统管理员',
        });
        expect(clamd.scans.at(-1)).toMatchObject({
          bytes: data.length,
          reply: 'stream: Eicar-Signature FOUND',
        });
        expect(store.keys()).toEqual(keys);
        expect(store.partial()).toEqual([]);
        expect(await fileCount()).toBe(rows);
        expect(await logOf(res.json().requestId)).toEqual({
          module: '文件',
          kind: 'add',
          outcome: 'fail',
          username: 'ent',
          errorMsg:
            '422 文件未通过病毒检查（检出 Eicar-Signature），未保存；请用杀毒软件清除后重新上传，或联系系统管理员',
        });
      }
      if (kind === 's3') {
        // The parts went up and were aborted: the object never appeared.
        const ops = store.standIn!.log.filter((l) => l.key.endsWith('.mp4')).map((l) => l.op);
        expect(ops).toContain('UploadPart');
        expect(ops.at(-1)).toBe('AbortMultipartUpload');
        expect(ops).not.toContain('CompleteMultipartUpload');
      }
    });

    it('checks the type first: a wrong type is refused 415 without reaching clamd', async () => {
      const connections = clamd.connections();
      const res = await upload('setup.png', fileOf(HEADS.exe, 5000));
      expect(res.statusCode).toBe(415);
      expect(clamd.connections()).toBe(connections);
    });

    it('fails closed: clamd unreachable or silent → 503, nothing stored, the refusal logged; ready says down', async () => {
      for (const mode of ['refuse', 'silent'] as const) {
        clamd.mode = mode;
        try {
          const keys = store.keys();
          const rows = await fileCount();
          const started = Date.now();
          const res = await upload('a.png', fileOf(HEADS.png, 50_000));
          expect(res.statusCode, res.body).toBe(503);
          expect(res.json()).toMatchObject({
            code: 'ANTIVIRUS_UNAVAILABLE',
            result: '病毒检查服务暂时不可用，文件未保存，请稍后重新上传；如持续出现请联系系统管理员',
          });
          expect(res.headers['retry-after']).toBe('30');
          // A silent clamd is given AV_TIMEOUT_MS (2 s here), not forever.
          expect(Date.now() - started).toBeLessThan(10_000);
          expect(store.keys()).toEqual(keys);
          expect(store.partial()).toEqual([]);
          expect(await fileCount()).toBe(rows);
          expect(await logOf(res.json().requestId)).toMatchObject({
            outcome: 'fail',
            errorMsg: expect.stringMatching(/^503 病毒检查服务暂时不可用/),
          });
        } finally {
          clamd.mode = 'answer';
        }
      }
      clamd.mode = 'refuse';
      try {
        const ready = await t.call({ method: 'GET', url: '/api/ready' });
        expect(ready.statusCode).toBe(200);
        expect(ready.json().data).toMatchObject({ status: 'ready', antivirus: 'down' });
      } finally {
        clamd.mode = 'answer';
      }
      // Back up: uploads work again.
      expect((await upload('b.png', fileOf(HEADS.png, 1000))).statusCode).toBe(200);
    });

    if (kind === 'local') {
      it("scans an applicant's registration scan too (anonymous upload)", async () => {
        const mobile = '13912349901';
        const sent = await t.call({ method: 'POST', url: `/api/signup/sendCode.json?mobile=${mobile}` });
        expect(sent.statusCode, sent.body).toBe(200);
        const sms = await t.database.db
          .selectFrom('sysSmsOutbox')
          .select('content')
          .where('mobileHash', '=', phoneIndex(mobile))
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow();
        const code = /验证码为(\d{6})/.exec(sms.content)?.[1];
        const verified = await t.call({
          method: 'POST',
          url: `/api/signup/verifyMobile.json?mobile=${mobile}&code=${code}`,
        });
        expect(verified.statusCode, verified.body).toBe(200);
        const ticket: string = verified.json().data.mobileTicket;
        const rows = await fileCount();
        const { payload, headers } = multipart([
          { name: 'file', filename: '资质.pdf', data: infected(HEADS.pdf, 20_000) },
        ]);
        const res = await t.call({
          method: 'POST',
          url: `/api/signUp/uploadScan.json?mobileTicket=${ticket}`,
          payload,
          headers,
        });
        expect(res.statusCode, res.body).toBe(422);
        expect(res.json().code).toBe('FILE_INFECTED');
        expect(await fileCount()).toBe(rows);
      });
    }
  });
}
