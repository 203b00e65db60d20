import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type Cluster, clusterAt, freePort, initCluster, pgScratchDir } from './cluster.ts';

const SCRIPT = path.resolve(import.meta.dirname, '../../../../scripts/pg-pitr.mjs');

async function query<R extends pg.QueryResultRow>(url: string, text: string): Promise<R[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<R>(text)).rows;
  } finally {
    await c.end();
  }
}

/** scripts/pg-pitr.mjs as an operator runs it; the files it writes are handed to the postgres user. */
function pitr(args: string[]): { status: number | null; out: string } {
  const r = spawnSync(process.execPath, [SCRIPT, ...args], { encoding: 'utf8' });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}
function giveToPostgres(dir: string): void {
  if (process.getuid?.() === 0) execFileSync('chown', ['-R', 'postgres:postgres', dir]);
}

/**
 * R08 (issue 17 finding 13): a PostgreSQL that archives its WAL, a base backup by the script, row A, time T,
 * row B; the script's restore to T gives a database with A and without B.
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

  it('base backup → insert A → time T → insert B → restore to T: A is there, B is not', async () => {
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
    await query(
      primary.url(),
      'CREATE TABLE pitr_probe (name text PRIMARY KEY, at timestamptz DEFAULT now())',
    );

    const backups = path.join(root, 'base');
    const backup = pitr(['basebackup', '--pgurl', primary.url(), '--dir', backups]);
    expect(backup.status, backup.out).toBe(0);
    const base = path.join(backups, fs.readdirSync(backups)[0]!);
    expect(backup.out).toContain('基础备份已完成');

    await query(primary.url(), "INSERT INTO pitr_probe (name) VALUES ('A')");
    // T as an operator gives it: China time with its zone.
    const [t] = await query<{ t: string }>(
      primary.url(),
      "SELECT to_char(clock_timestamp() AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS.US') || '+08' AS t",
    );
    await new Promise((r) => setTimeout(r, 1_100));
    await query(primary.url(), "INSERT INTO pitr_probe (name) VALUES ('B')");
    // The segment holding B's commit goes to the archive (recovery must see WAL past T to stop at T).
    const [seg] = await query<{ f: string }>(primary.url(), 'SELECT pg_walfile_name(pg_switch_wal()) AS f');
    const deadline = Date.now() + 60_000;
    while (!fs.existsSync(path.join(archive, seg!.f)) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200));
    expect(fs.existsSync(path.join(archive, seg!.f))).toBe(true);
    primary.stop();

    // Refused without changing anything: a target without a zone, a non-empty data directory.
    const restored = path.join(root, 'restored');
    const noZone = pitr([
      'restore',
      '--base',
      base,
      '--archive',
      archive,
      '--target',
      '2026-11-28 20:15:00',
      '--data',
      restored,
    ]);
    expect(noZone.status).toBe(2);
    expect(noZone.out).toContain('须带时区');
    expect(fs.existsSync(restored)).toBe(false);
    const occupied = pitr([
      'restore',
      '--base',
      base,
      '--archive',
      archive,
      '--target',
      t!.t,
      '--data',
      primary.dataDir,
    ]);
    expect(occupied.status).toBe(2);
    expect(occupied.out).toContain('不为空');

    const restore = pitr([
      'restore',
      '--base',
      base,
      '--archive',
      archive,
      '--target',
      t!.t,
      '--data',
      restored,
    ]);
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
    const rows = await query<{ name: string }>(copy.url(), 'SELECT name FROM pitr_probe ORDER BY name');
    expect(rows.map((r) => r.name)).toEqual(['A']);
    await query(copy.url(), "INSERT INTO pitr_probe (name) VALUES ('after restore')");
  }, 240_000);
});
