import { randomUUID } from 'node:crypto';
import dgram from 'node:dgram';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import type { Db, Tx } from '../../platform/context.ts';
import { SCOPE_DENIAL_MODULE } from '../../platform/http.ts';
import {
  appendOperLog,
  describeVerification,
  LOG_HMAC_DEV_LABEL,
  logHmacKey,
  type OperLogContent,
  purgeOperLogs,
  verifyOperLogChain,
} from '../../platform/log-chain.ts';

/** Issue 17 finding 9: the operation log's HMAC chain, the append-only guard, the verifier, syslog, 404 denials. */
let t: TestContext;
let db: Db;
let key: Buffer;
let syslog: dgram.Socket;
const received: string[] = [];

beforeAll(async () => {
  syslog = dgram.createSocket('udp4');
  syslog.on('message', (msg) => received.push(msg.toString()));
  await new Promise<void>((resolve) => syslog.bind(0, '127.0.0.1', resolve));
  const { port } = syslog.address();
  t = await createTestContext({ LOGIN_RATE_MAX: '1000', SYSLOG_URL: `udp://127.0.0.1:${port}` });
  db = t.database.db;
  key = logHmacKey(undefined);
  await t.login('admin');
  await t.login('gov');
});
afterAll(async () => {
  await t.close();
  syslog.close();
});

/** What a DBA or an intruder with the owner's rights could do: writes with the guard trigger off. */
function aroundTheGuard<T>(fn: (trx: Tx) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await sql`SET LOCAL session_replication_role = replica`.execute(trx);
    return fn(trx);
  });
}

const content = (over: Partial<OperLogContent> = {}): OperLogContent => ({
  createdAt: t.clock.now(),
  userId: null,
  username: 'chain-test',
  roleKey: '',
  orgName: '',
  module: '链测试',
  kind: 'edit',
  method: 'POST',
  path: '/api/chain-test',
  params: '',
  targetId: '',
  ip: '127.0.0.1',
  durationMs: 1,
  outcome: 'success',
  errorMsg: '',
  requestId: 'chain-test',
  ...over,
});

async function sqlState(p: Promise<unknown>): Promise<string | undefined> {
  try {
    await p;
    return undefined;
  } catch (err) {
    return (err as { code?: string }).code;
  }
}

describe('HMAC chain (security.md L03)', () => {
  it('the development key is SM3 of the documented label, and a set key replaces it', () => {
    expect(logHmacKey('').equals(logHmacKey(LOG_HMAC_DEV_LABEL))).toBe(true);
    expect(logHmacKey('x'.repeat(32)).equals(key)).toBe(false);
  });

  it('rows written by the application chain up and verify', async () => {
    const v = await verifyOperLogChain(db, key);
    expect(v.ok, describeVerification(v)).toBe(true);
    expect(v.checked).toBeGreaterThanOrEqual(2);
    const rows = await db.selectFrom('sysOperLog').select(['id', 'hmac', 'kind']).orderBy('id').execute();
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.hmac))).toBe(true);
    expect(describeVerification(v)).toContain('校验通过');
  });

  it('concurrent writers keep one chain', async () => {
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => appendOperLog(db, key, content({ targetId: `c${i}` }))),
    );
    const v = await verifyOperLogChain(db, key);
    expect(v.ok, describeVerification(v)).toBe(true);
  });

  it('a row rolled back with its transaction leaves the chain whole', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        await appendOperLog(trx, key, content({ targetId: 'rolled-back' }));
        throw new Error('business write failed');
      }),
    ).rejects.toThrow('business write failed');
    await appendOperLog(db, key, content({ targetId: 'after-rollback' }));
    expect((await verifyOperLogChain(db, key)).ok).toBe(true);
  });

  it('a row edited in SQL is named by id and time, and the chain verifies again once it is put back', async () => {
    const row = await appendOperLog(db, key, content({ targetId: 'to-edit' }));
    await appendOperLog(db, key, content({ targetId: 'after-edit' }));
    await aroundTheGuard((trx) =>
      trx.updateTable('sysOperLog').set({ outcome: 'fail' }).where('id', '=', row.id).execute(),
    );
    const v = await verifyOperLogChain(db, key);
    expect(v.ok).toBe(false);
    expect(v.break).toMatchObject({ id: row.id });
    expect(v.break!.createdAt!.getTime()).toBe(row.createdAt.getTime());
    expect(describeVerification(v)).toContain(`第一条异常记录 #${row.id}`);
    await aroundTheGuard((trx) =>
      trx.updateTable('sysOperLog').set({ outcome: 'success' }).where('id', '=', row.id).execute(),
    );
    expect((await verifyOperLogChain(db, key)).ok).toBe(true);
  });

  it('a deleted row is detected (the next row names the gap), and so is a deleted last row', async () => {
    const gone = await appendOperLog(db, key, content({ targetId: 'to-delete' }));
    const next = await appendOperLog(db, key, content({ targetId: 'after-delete' }));
    const saved = await db
      .selectFrom('sysOperLog')
      .selectAll()
      .where('id', '=', gone.id)
      .executeTakeFirstOrThrow();
    await aroundTheGuard((trx) => trx.deleteFrom('sysOperLog').where('id', '=', gone.id).execute());
    let v = await verifyOperLogChain(db, key);
    expect(v.break).toMatchObject({ id: next.id });
    await aroundTheGuard((trx) => trx.insertInto('sysOperLog').values(saved).execute());
    expect((await verifyOperLogChain(db, key)).ok).toBe(true);

    const lastSaved = await db
      .selectFrom('sysOperLog')
      .selectAll()
      .where('id', '=', next.id)
      .executeTakeFirstOrThrow();
    await aroundTheGuard((trx) => trx.deleteFrom('sysOperLog').where('id', '=', next.id).execute());
    v = await verifyOperLogChain(db, key);
    expect(v.ok).toBe(false);
    expect(v.break!.reason).toContain('链尾记录缺失');
    await aroundTheGuard((trx) => trx.insertInto('sysOperLog').values(lastSaved).execute());
    expect((await verifyOperLogChain(db, key)).ok).toBe(true);
  });

  it('a row inserted around the chain is flagged, with another key nothing verifies', async () => {
    expect((await verifyOperLogChain(db, logHmacKey('another-key-of-at-least-32-chars!'))).ok).toBe(false);
    const forged = await db
      .insertInto('sysOperLog')
      .values({ createdAt: t.clock.now(), kind: 'login', outcome: 'success', username: 'forged' })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The forged row sits below the head only once a chained row follows it.
    await appendOperLog(db, key, content({ targetId: 'after-forged' }));
    const v = await verifyOperLogChain(db, key);
    expect(v.break).toMatchObject({ id: forged.id });
    expect(v.break!.reason).toContain('未经签名');
    await db.transaction().execute(async (trx) => {
      await sql`SELECT set_config('aqzrx.log_purge', 'on', true)`.execute(trx);
      await trx.deleteFrom('sysOperLog').where('id', '=', forged.id).execute();
    });
    expect((await verifyOperLogChain(db, key)).ok).toBe(true);
  });
});

describe('append-only log tables (security.md L03)', () => {
  it('UPDATE, DELETE and TRUNCATE by the application connection fail with SQLSTATE 42501', async () => {
    const row = await appendOperLog(db, key, content({ targetId: 'guarded' }));
    expect(
      await sqlState(
        db.updateTable('sysOperLog').set({ outcome: 'fail' }).where('id', '=', row.id).execute(),
      ),
    ).toBe('42501');
    expect(await sqlState(db.deleteFrom('sysOperLog').where('id', '=', row.id).execute())).toBe('42501');
    expect(await sqlState(sql`TRUNCATE sys_oper_log`.execute(db))).toBe('42501');
    await t.app.requestLog.flush();
    expect(await sqlState(sql`UPDATE sys_request_log SET status = 200`.execute(db))).toBe('42501');
    expect(await sqlState(sql`DELETE FROM sys_request_log`.execute(db))).toBe('42501');
    // The head itself must not be rewritten around the chain either: the next verify would say so.
    expect((await verifyOperLogChain(db, key)).ok).toBe(true);
    const still = await db
      .selectFrom('sysOperLog')
      .select('outcome')
      .where('id', '=', row.id)
      .executeTakeFirst();
    expect(still?.outcome).toBe('success');
  });

  it('the retention purge removes only rows past the retention, oldest first, and the chain verifies from its anchor', async () => {
    const now = t.clock.now().getTime();
    // A fresh stretch of chain: everything so far is "old" once the clock moves 400 days on.
    t.clock.set(now + 400 * 86_400_000);
    const later = t.clock.now();
    const keep = await appendOperLog(
      db,
      key,
      content({ createdAt: new Date(later.getTime() - 179 * 86_400_000) }),
    );
    await appendOperLog(db, key, content({ createdAt: later }));
    const before = await db.selectFrom('sysOperLog').select('id').where('id', '<', keep.id).execute();
    expect(before.length).toBeGreaterThan(0);

    // Shorter than 180 days is never honoured.
    const deleted = await purgeOperLogs(db, later, 30);
    expect(deleted).toBe(before.length);
    const left = await db.selectFrom('sysOperLog').select('id').orderBy('id').execute();
    expect(left[0]!.id).toBe(keep.id);
    const v = await verifyOperLogChain(db, key);
    expect(v.ok, describeVerification(v)).toBe(true);
    expect(v.anchorId).toBe(before.at(-1)!.id);
    expect(describeVerification(v)).toContain(`自清理锚点 #${v.anchorId} 之后`);
    expect(await purgeOperLogs(db, later, 180)).toBe(0);

    // Removing the oldest remaining row outside the purge breaks the link to the anchor.
    const saved = await db
      .selectFrom('sysOperLog')
      .selectAll()
      .where('id', '=', keep.id)
      .executeTakeFirstOrThrow();
    await aroundTheGuard((trx) => trx.deleteFrom('sysOperLog').where('id', '=', keep.id).execute());
    const broken = await verifyOperLogChain(db, key);
    expect(broken.ok).toBe(false);
    expect(broken.break!.reason).toContain('清理锚点');
    await aroundTheGuard((trx) => trx.insertInto('sysOperLog').values(saved).execute());
    expect((await verifyOperLogChain(db, key)).ok).toBe(true);
    t.clock.set(now);
  });
});

describe('404 answers to record reads are logged (security.md L01, Z02)', () => {
  it("another organisation's file and a missing one are logged with the id asked for; unknown routes are not", async () => {
    const ent = await t.login('ent');
    const other = await db
      .selectFrom('sysOrg')
      .select('id')
      .where('orgType', '=', 'insurer')
      .executeTakeFirstOrThrow();
    const fileId = randomUUID();
    await db
      .insertInto('sysFile')
      .values({
        id: fileId,
        kind: 'pdf',
        mime: 'application/pdf',
        ext: 'pdf',
        size: 1,
        sha256: '0'.repeat(64),
        storagePath: 'nowhere.pdf',
        ownerUserId: null,
        ownerOrgId: other.id,
        createdAt: t.clock.now(),
      })
      .execute();
    const missing = randomUUID();
    expect((await t.call({ method: 'GET', url: `/api/file/${fileId}`, token: ent })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: `/api/file/${missing}`, token: ent })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: '/api/no-such-route/1', token: ent })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: `/api/file/${missing}` })).statusCode).toBe(401);
    await vi.waitFor(async () => {
      const rows = await db
        .selectFrom('sysOperLog')
        .select(['username', 'kind', 'module', 'targetId', 'outcome', 'errorMsg', 'path'])
        .where('module', '=', SCOPE_DENIAL_MODULE)
        .orderBy('id')
        .execute();
      expect(rows).toEqual([
        expect.objectContaining({
          username: 'ent',
          kind: 'security',
          targetId: fileId,
          outcome: 'fail',
          path: '/api/file/:id',
        }),
        expect.objectContaining({ username: 'ent', kind: 'security', targetId: missing, outcome: 'fail' }),
      ]);
      expect(rows[0]!.errorMsg).toContain('404');
    });
  });
});

describe('404 answers to detail reads by query id are logged too (security.md Z02)', () => {
  it("an enterprise reading another enterprise's detail or policy is logged with the id asked for", async () => {
    const ent = await t.login('ent');
    const other = await db
      .selectFrom('sysUser as u')
      .innerJoin('sysOrg as o', 'o.id', 'u.orgId')
      .select('o.id')
      .where('u.username', '=', 'ent2')
      .executeTakeFirstOrThrow();
    const policy = await db
      .selectFrom('insPolicy')
      .select('id')
      .where('enterpriseId', '=', other.id)
      .executeTakeFirst();
    const asked = [
      `/api/enterprise/detail?id=${other.id}`,
      ...(policy ? [`/api/policy/detail?id=${policy.id}`] : []),
    ];
    for (const url of asked)
      expect((await t.call({ method: 'POST', url, token: ent })).statusCode, url).toBe(404);
    await vi.waitFor(async () => {
      const rows = await db
        .selectFrom('sysOperLog')
        .select(['username', 'kind', 'targetId', 'path'])
        .where('module', '=', SCOPE_DENIAL_MODULE)
        .where('path', 'in', ['/api/enterprise/detail', '/api/policy/detail'])
        .orderBy('id')
        .execute();
      expect(rows).toEqual([
        { username: 'ent', kind: 'security', targetId: String(other.id), path: '/api/enterprise/detail' },
        ...(policy
          ? [{ username: 'ent', kind: 'security', targetId: String(policy.id), path: '/api/policy/detail' }]
          : []),
      ]);
    });
  });
});

describe('syslog shipping (security.md L04)', () => {
  it('each operation-log row reaches the syslog server as an RFC 5424 line', async () => {
    received.length = 0;
    await t.login('admin');
    await vi.waitFor(() => expect(received.some((l) => l.includes('user="admin"'))).toBe(true));
    const line = received.find((l) => l.includes('user="admin"'))!;
    const row = await db
      .selectFrom('sysOperLog')
      .select(['id', 'hmac', 'kind'])
      .where('username', '=', 'admin')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    // <PRI>1 TIMESTAMP HOST APP PROCID MSGID [SD] MSG; facility 13 (log audit), informational.
    expect(line).toMatch(
      /^<110>1 \d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z \S+ aqzrx \d+ login \[aqzrx@32473 id="\d+" /,
    );
    expect(line).toContain(`id="${row.id}"`);
    expect(line).toContain(`hmac="${row.hmac}"`);
    expect(line).toContain('outcome="success"');
  });
});
