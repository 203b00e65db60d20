import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../../src/db/database.ts';
import {
  appendOperLog,
  logHmacKey,
  type OperLogContent,
  verifyOperLogChain,
} from '../../src/platform/log-chain.ts';
import { pgUrl } from '../global-setup.ts';
import { type Cluster, clusterAt, freePort, initCluster, pgBinDir, pgScratchDir, query } from './cluster.ts';

const SCRIPT = path.resolve(import.meta.dirname, '../../../../scripts/pg-pitr.mjs');

/** scripts/pg-pitr.mjs as an operator runs it; the files it writes are handed to the postgres user. */
function pitr(args: string[]): { status: number | null; out: string } {
  const r = spawnSync(process.execPath, [SCRIPT, ...args], { encoding: 'utf8' });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}
function giveToPostgres(dir: string): void {
  if (process.getuid?.() === 0) execFileSync('chown', ['-R', 'postgres:postgres', dir]);
}

const KEY = logHmacKey('pitr-test-log-hmac-key-0123456789abcdef');

/** An operation-log row as the application writes it, chained (platform/log-chain.ts). */
function logRow(targetId: string): OperLogContent {
  return {
    createdAt: new Date(),
    userId: null,
    username: 'admin',
    roleKey: 'ROLE_ADMIN',
    orgName: '运营中心',
    module: '时点恢复测试',
    kind: 'edit',
    method: 'POST',
    path: '/api/test/pitr',
    params: '',
    targetId,
    ip: '127.0.0.1',
    durationMs: 1,
    outcome: 'success',
    errorMsg: '',
    requestId: targetId,
  };
}

/**
 * R08 (issue 17 finding 13): a PostgreSQL that archives its WAL holds the application's database; a base
 * backup by the script, operation A, time T, operation B (chained operation-log rows, as the server writes
 * them); the script's restore to T gives a database with A and without B whose log chain verifies.
 */
describe('point-in-time restore (scripts/pg-pitr.mjs) on a private PostgreSQL cluster', () => {
  const started: Cluster[] = [];
  let root = '';
  afterAll(() => {
    for (const c of started) {
      try {
        c.stop();
      } catch {
        // already stopped
      }
    }
    if (root) fs.rmSync(root, { recursive: true, force: true });
  });

  it('base backup → operation A → time T → operation B → restore to T: A is there, B is not, the log chain verifies', async () => {
    root = pgScratchDir('pitr');
    const archive = path.join(root, 'wal');
    fs.mkdirSync(archive);
    giveToPostgres(archive);
    const primary = initCluster(root, 'primary', await freePort(), [
      'wal_level = replica',
      'archive_mode = on',
      `archive_command = 'test ! -f ${archive}/%f && cp %p ${archive}/%f'`,
      'max_wal_senders = 4',
    ]);
    primary.start();
    started.push(primary);
    // The application's database: the test template (migrated, seeded) copied in.
    await query(primary.url(), 'CREATE DATABASE aqzrx');
    const bin = pgBinDir();
    const template = pgUrl(process.env.TEST_DATABASE_URL!, inject('templateDb'));
    execFileSync('sh', [
      '-c',
      `"${path.join(bin, 'pg_dump')}" --no-owner --no-privileges "${template}" | "${path.join(bin, 'psql')}" -q -v ON_ERROR_STOP=1 "${primary.url('aqzrx')}"`,
    ]);
    const app = await openDatabase({ databaseUrl: primary.url('aqzrx') });

    const backups = path.join(root, 'base');
    const backup = pitr(['basebackup', '--pgurl', primary.url(), '--dir', backups]);
    expect(backup.status, backup.out).toBe(0);
    const base = path.join(backups, fs.readdirSync(backups)[0]!);
    expect(backup.out).toContain('基础备份已完成');

    await appendOperLog(app.db, KEY, logRow('pitr-A'));
    // T as an operator gives it: China time with its zone.
    const [t] = await query<{ t: string }>(
      primary.url(),
      "SELECT to_char(clock_timestamp() AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS.US') || '+08' AS t",
    );
    await new Promise((r) => setTimeout(r, 1_100));
    await appendOperLog(app.db, KEY, logRow('pitr-B'));
    await app.close();
    // The segment holding B's commit goes to the archive (recovery must see WAL past T to stop at T).
    const [seg] = await query<{ f: string }>(primary.url(), 'SELECT pg_walfile_name(pg_switch_wal()) AS f');
    const deadline = Date.now() + 60_000;
    while (!fs.existsSync(path.join(archive, seg!.f)) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200));
    expect(fs.existsSync(path.join(archive, seg!.f))).toBe(true);
    primary.stop();

    // Refused without changing anything: a target without a zone, a non-empty data directory.
    const restored = path.join(root, 'restored');
    const restoreTo = (target: string, data: string) =>
      pitr(['restore', '--base', base, '--archive', archive, '--target', target, '--data', data]);
    const noZone = restoreTo('2026-11-28 20:15:00', restored);
    expect(noZone.status).toBe(2);
    expect(noZone.out).toContain('须带时区');
    expect(fs.existsSync(restored)).toBe(false);
    const occupied = restoreTo(t!.t, primary.dataDir);
    expect(occupied.status).toBe(2);
    expect(occupied.out).toContain('不为空');

    const restore = restoreTo(t!.t, restored);
    expect(restore.status, restore.out).toBe(0);
    giveToPostgres(restored);
    const copy = clusterAt(root, restored, await freePort());
    copy.start();
    started.push(copy);
    // Recovery replays to T, then promotes: wait until the copy accepts writes.
    const until = Date.now() + 60_000;
    let inRecovery = true;
    while (inRecovery && Date.now() < until) {
      const [r] = await query<{ r: boolean }>(copy.url(), 'SELECT pg_is_in_recovery() AS r');
      inRecovery = r!.r;
      if (inRecovery) await new Promise((res) => setTimeout(res, 200));
    }
    expect(inRecovery).toBe(false);
    const rows = await query<{ targetId: string }>(
      copy.url('aqzrx'),
      'SELECT target_id AS "targetId" FROM sys_oper_log WHERE target_id LIKE \'pitr-%\' ORDER BY id',
    );
    expect(rows.map((r) => r.targetId)).toEqual(['pitr-A']);
    // The restored log is whole: its chain verifies, and the restored database takes new chained rows.
    const restoredDb = await openDatabase({ databaseUrl: copy.url('aqzrx') });
    try {
      expect(await verifyOperLogChain(restoredDb.db, KEY)).toMatchObject({ ok: true });
      await appendOperLog(restoredDb.db, KEY, logRow('pitr-after'));
      expect(await verifyOperLogChain(restoredDb.db, KEY)).toMatchObject({ ok: true });
    } finally {
      await restoredDb.close();
    }
  }, 300_000);
});
