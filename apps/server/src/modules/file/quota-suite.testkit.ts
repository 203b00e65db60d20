import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { openStorageUnderTest, type StorageKind, type StorageUnderTest } from '../../../test/storage-kit.ts';
import { MB } from './file.kinds.ts';
import { NOT_ATTACHING_TABLES } from './orphans.ts';
import { formatBytes } from './quota.ts';

/**
 * Disk filling (issue 17 finding 4, security.md F04): per-user daily and per-organisation total upload quotas
 * checked while the file streams, and the removal of uploads attached to nothing, run once per storage
 * (quota.test.ts: the shared directory, with the free-space floor that only it has; quota-s3.test.ts: the S3
 * stand-in). What the store holds is read from the store itself; the quotas are lowered to a few MB.
 */

export const PNG_HEAD = Buffer.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52,
]);
export const png = (size: number) => {
  const b = randomBytes(Math.round(size));
  PNG_HEAD.copy(b, 0);
  return b;
};

export function multipart(data: Buffer, filename = 'a.png') {
  const boundary = `----aqzrxquota${randomBytes(6).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The suite's app, for tests a storage adds of its own. */
export interface QuotaSuite {
  t(): TestContext;
  store(): StorageUnderTest;
}

export function quotaSuite(kind: StorageKind): QuotaSuite {
  let t: TestContext;
  let store: StorageUnderTest;
  let dataDir: string;
  const tok: Record<string, string> = {};

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `aqzrx-quota-${kind}-`));
    store = await openStorageUnderTest(kind, dataDir);
    t = await createTestContext({
      DATA_DIR: dataDir,
      API_RATE_MAX: '100000',
      LOGIN_RATE_MAX: '1000',
      UPLOAD_USER_DAILY_MB: '2',
      UPLOAD_ORG_TOTAL_MB: '3',
      UPLOAD_MIN_FREE_MB: '1',
      ...store.env,
    });
    for (const u of ['ent', 'ent2', 'gov', 'gov_sy']) tok[u] = await t.login(u);
  });
  afterAll(async () => {
    await t.close();
    await store.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const upload = (who: string, data: Buffer, filename?: string) =>
    t.call({ method: 'POST', url: '/api/file/uploadFile', token: tok[who]!, ...multipart(data, filename) });

  /** The complete files in the store and the writes under way (`.part` files, open multipart uploads). */
  const filesOnDisk = () => [...store.keys(), ...store.partial()];
  const rowCount = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('sysFile')
          .select((eb) => eb.fn.countAll<number>().as('c'))
          .executeTakeFirstOrThrow()
      ).c,
    );

  describe('upload quotas, checked while streaming', () => {
    it('a user past its daily quota mid-stream: 413 before the body is sent, no file and no row left', async () => {
      const first = await upload('ent', png(1.5 * MB));
      expect(first.statusCode, first.body).toBe(200);
      const disk = filesOnDisk();
      const rows = await rowCount();

      // Over a real socket, chunked (no Content-Length, so the size is unknown up front): send 1 MB (past the
      // 2 MB daily quota with the 1.5 MB already uploaded) and keep the request open. The answer comes while
      // the client is still sending.
      const res = await sendOpenEnded({ 'transfer-encoding': 'chunked' }, png(MB));
      expect(res.status).toBe(413);
      const body = JSON.parse(res.body);
      expect(body.code).toBe('UPLOAD_QUOTA_EXCEEDED');
      expect(body.result).toBe(
        '超出个人上传配额：每位用户每天最多上传 2 MB，您今天已上传 1.5 MB，本文件未保存。请明天再上传，或联系系统管理员调整上传配额。',
      );
      // Nothing of the partial file is left in the store, and no row was written.
      const deadline = Date.now() + 5000;
      while (filesOnDisk().length !== disk.length && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 20));
      expect(filesOnDisk()).toEqual(disk);
      expect(await rowCount()).toBe(rows);

      // A declared Content-Length too big for what is left is refused before any of the file is sent.
      const declared = await sendOpenEnded({ 'content-length': String(10 * MB) }, Buffer.alloc(0));
      expect(declared.status).toBe(413);
      expect(JSON.parse(declared.body).code).toBe('UPLOAD_QUOTA_EXCEEDED');
      expect(filesOnDisk()).toEqual(disk);

      // Within the quota still works: 0.4 MB more is 1.9 MB today.
      expect((await upload('ent', png(0.4 * MB))).statusCode).toBe(200);
      // Used up: refused before reading.
      const full = await upload('ent', png(0.2 * MB));
      expect(full.statusCode).toBe(413);
      expect(full.json().result).toContain('您今天已上传 1.9 MB');
    });

    /** Starts an upload as ent over a real socket, sends `data` of a png and never finishes; the answer. */
    async function sendOpenEnded(headers: Record<string, string>, data: Buffer) {
      if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      const boundary = 'quotaboundary';
      return new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/api/file/uploadFile',
            headers: {
              'content-type': `multipart/form-data; boundary=${boundary}`,
              ...headers,
              'x-token': tok.ent!,
            },
          },
          (res) => {
            let body = '';
            res.setEncoding('utf8').on('data', (d: string) => {
              body += d;
            });
            res.on('end', () => {
              resolve({ status: res.statusCode ?? 0, body });
              req.destroy();
            });
          },
        );
        req.on('error', reject);
        req.write(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
        );
        if (data.length) req.write(data);
      });
    }

    it("an organisation past its total quota: 413 naming the organisation's quota, nothing kept", async () => {
      // gov and gov_sy are users of the same department (its existing uploads counted too).
      const db = t.database.db;
      const govOrg = (
        await db.selectFrom('sysUser').select('orgId').where('username', '=', 'gov').executeTakeFirstOrThrow()
      ).orgId!;
      const used = async () =>
        Number(
          (
            await db
              .selectFrom('sysFile')
              .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('size'), eb.lit(0)).as('b'))
              .where('ownerOrgId', '=', govOrg)
              .where('deletedAt', 'is', null)
              .executeTakeFirstOrThrow()
          ).b,
        );
      const before = await used();
      expect(before).toBeLessThan(MB);
      const a = await upload('gov', png(1.8 * MB - before));
      expect(a.statusCode, a.body).toBe(200);
      const disk = filesOnDisk();
      const rows = await rowCount();
      const b = await upload('gov_sy', png(1.8 * MB));
      expect(b.statusCode).toBe(413);
      expect(b.json()).toMatchObject({
        code: 'UPLOAD_QUOTA_EXCEEDED',
        result:
          '超出本单位文件存储配额：每个单位最多保存 3 MB 的上传文件，本单位已使用 1.8 MB，本文件未保存。请联系系统管理员清理不再需要的文件或调整上传配额。',
      });
      expect(filesOnDisk()).toEqual(disk);
      expect(await rowCount()).toBe(rows);
      expect(await used()).toBe(Math.round(1.8 * MB));
    });

    it('an upload committed while another one streams counts for the other (parallel uploads of one user)', async () => {
      if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      const disk = filesOnDisk();
      const boundary = 'parallelboundary';
      let req: http.ClientRequest | undefined;
      const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
        req = http.request(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/api/file/uploadFile',
            headers: {
              'content-type': `multipart/form-data; boundary=${boundary}`,
              'transfer-encoding': 'chunked',
              'x-token': tok.ent2!,
            },
          },
          (res) => {
            let body = '';
            res.setEncoding('utf8').on('data', (d: string) => {
              body += d;
            });
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
          },
        );
        req.on('error', reject);
      });
      req!.write(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.png"\r\nContent-Type: image/png\r\n\r\n`,
      );
      req!.write(png(0.3 * MB));
      // B is streaming (its put is under way) when A, 1.5 MB of the same user, is uploaded and committed.
      const deadline = Date.now() + 10_000;
      while (t.app.deps.storage.writing() === 0 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 20));
      expect(t.app.deps.storage.writing()).toBe(1);
      const a = await upload('ent2', png(1.5 * MB));
      expect(a.statusCode, a.body).toBe(200);
      // B's next 0.4 MB makes 0.7 MB + 1.5 MB today: past the 2 MB quota although B read 0 MB used at its start.
      req!.write(randomBytes(0.4 * MB));
      const res = await answer;
      req!.destroy();
      expect(res.status).toBe(413);
      expect(JSON.parse(res.body).result).toContain('您今天已上传 1.5 MB');
      const end = Date.now() + 5000;
      while ((t.app.deps.storage.writing() > 0 || store.partial().length > 0) && Date.now() < end)
        await new Promise((r) => setTimeout(r, 20));
      expect(store.partial()).toEqual([]);
      expect(filesOnDisk().filter((f) => !disk.includes(f))).toHaveLength(1);
    });

    it('formats quotas in MB below 1 GB and in GB above', () => {
      expect(formatBytes(5120 * MB)).toBe('5 GB');
      expect(formatBytes(1536 * MB)).toBe('1.5 GB');
      expect(formatBytes(300 * MB)).toBe('300 MB');
    });
  });

  describe('orphan uploads', () => {
    it('leaves out only tables that exist (a renamed log table would otherwise attach every upload)', async () => {
      const { rows } = await sql<{ name: string }>`
        select table_name as name from information_schema.tables where table_schema = current_schema()`.execute(
        t.database.db,
      );
      const tables = new Set(rows.map((r) => r.name));
      expect([...NOT_ATTACHING_TABLES].filter((n) => !tables.has(n))).toEqual([]);
    });

    it('removes an upload attached to nothing after 24 h (file and row); attached and fresh ones stay', async () => {
      const db = t.database.db;
      const up = async () => {
        const res = await upload('gov_sy', png(2000));
        expect(res.statusCode, res.body).toBe(200);
        return res.json().data.fileMap.fileId as string;
      };
      const orphan = await up();
      const onPolicy = await up();
      const onEnterprise = await up();
      const fresh = await up();
      const policy = await db.selectFrom('insPolicy').select('id').orderBy('id').executeTakeFirstOrThrow();
      await db
        .updateTable('insPolicy')
        .set({ attachments: JSON.stringify([onPolicy]) })
        .where('id', '=', policy.id)
        .execute();
      const ent = await db.selectFrom('insEnterprise').select('id').orderBy('id').executeTakeFirstOrThrow();
      await db
        .updateTable('insEnterprise')
        .set({ licenceFileId: onEnterprise })
        .where('id', '=', ent.id)
        .execute();
      // Uploaded 25 hours ago (the sweep's clock is the app's).
      await db
        .updateTable('sysFile')
        .set({ createdAt: new Date(t.clock.now().getTime() - 25 * 3_600_000) })
        .where('id', 'in', [orphan, onPolicy, onEnterprise])
        .execute();
      const pathOf = async (id: string) =>
        (await db.selectFrom('sysFile').select('storagePath').where('id', '=', id).executeTakeFirstOrThrow())
          .storagePath;
      const orphanPath = await pathOf(orphan);
      const keptPaths = await Promise.all([onPolicy, onEnterprise, fresh].map(pathOf));
      expect(store.read(orphanPath)).toBeDefined();
      // What crashed uploads left: one a day old goes with the sweep, one of an hour ago may be running still.
      store.leaveCrashedWrite('2026/01/11111111-2222-3333-4444-555555555555.mp4', 25);
      store.leaveCrashedWrite('2026/01/66666666-7777-8888-9999-000000000000.mp4', 1);

      const result = await t.app.fileSweep.runOnce();
      expect(result).toMatchObject({ ran: true, removed: 1, staleParts: 1 });
      expect(store.read(orphanPath)).toBeUndefined();
      expect(store.partial()).toEqual(['2026/01/66666666-7777-8888-9999-000000000000.mp4']);
      const left = await db
        .selectFrom('sysFile')
        .select(['id', 'attachedAt'])
        .where('id', 'in', [orphan, onPolicy, onEnterprise, fresh])
        .execute();
      expect(left.map((r) => r.id).sort()).toEqual([onPolicy, onEnterprise, fresh].sort());
      for (const p of keptPaths) expect(store.read(p)).toBeDefined();
      // Attached ones are marked and never looked at again; the fresh one waits for its 24 hours.
      expect(left.find((r) => r.id === onPolicy)?.attachedAt).not.toBeNull();
      expect(left.find((r) => r.id === fresh)?.attachedAt).toBeNull();
      // The uploader gets 404 for the removed file.
      expect(
        (await t.call({ method: 'GET', url: `/api/file/${orphan}`, token: tok.gov_sy! })).statusCode,
      ).toBe(404);
      // A second run finds nothing more to do.
      expect(await t.app.fileSweep.runOnce()).toMatchObject({ ran: true, removed: 0, staleParts: 0 });
    });

    it('the scheduled sweep runs once an hour across instances: the first to claim the hour sweeps, others skip', async () => {
      const db = t.app.db;
      // Two instances share the database: the claim row is all they share, so one app calling twice is the same.
      store.leaveCrashedWrite('2026/01/aaaaaaaa-2222-3333-4444-555555555555.mp4', 25);
      const first = await t.app.fileSweep.runScheduled();
      expect(first).toMatchObject({ ran: true, staleParts: 1 });
      store.leaveCrashedWrite('2026/01/bbbbbbbb-2222-3333-4444-555555555555.mp4', 25);
      expect(await t.app.fileSweep.runScheduled()).toBeUndefined();
      expect(store.partial()).toContain('2026/01/bbbbbbbb-2222-3333-4444-555555555555.mp4');
      const claim = await db
        .selectFrom('sysSetting')
        .select('value')
        .where('key', '=', 'job.fileSweep.claim')
        .executeTakeFirstOrThrow();
      expect(claim.value).toMatchObject({ slot: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}$/) });
      // The next hour is a new slot.
      t.clock.advance(3_600_000);
      expect(await t.app.fileSweep.runScheduled()).toMatchObject({ ran: true, staleParts: 1 });
      expect(store.partial()).not.toContain('2026/01/bbbbbbbb-2222-3333-4444-555555555555.mp4');
    });
  });

  return { t: () => t, store: () => store };
}
