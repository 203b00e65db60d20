import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * Private PostgreSQL clusters for tests that need a server of their own (point-in-time restore, a streaming
 * replica): PostgreSQL's own binaries (PG_BINDIR, `pg_config --bindir`, or the newest /usr/lib/postgresql/N),
 * run as the `postgres` operating-system user when the tests run as root (initdb and postgres refuse root).
 */
export function pgBinDir(): string {
  if (process.env.PG_BINDIR) return process.env.PG_BINDIR;
  const r = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  if (r.status === 0 && r.stdout.trim()) return r.stdout.trim();
  const base = '/usr/lib/postgresql';
  const versions = fs.existsSync(base)
    ? fs
        .readdirSync(base)
        .filter((v) => fs.existsSync(path.join(base, v, 'bin', 'pg_ctl')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions[0]) throw new Error('PostgreSQL binaries not found: set PG_BINDIR');
  return path.join(base, versions[0], 'bin');
}

const asRoot = process.getuid?.() === 0;

/** Runs `cmd args` as the postgres user (when root) and returns stdout; throws with stderr on failure. */
export function runAsPg(cmd: string, args: string[], opts: { cwd?: string } = {}): string {
  const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
  try {
    return execFileSync(file, argv, {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      cwd: opts.cwd ?? '/',
    });
  } catch (e) {
    const err = e as { stderr?: string; stdout?: string; message: string };
    throw new Error(`${cmd} ${args.join(' ')} failed: ${err.stderr ?? ''}${err.stdout ?? ''}${err.message}`);
  }
}

/** A scratch directory the postgres user owns. */
export function pgScratchDir(label: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `aqzrx-${label}-`));
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    fs.chownSync(dir, uid, gid);
  }
  return dir;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export interface Cluster {
  dataDir: string;
  port: number;
  url: (database?: string) => string;
  start: () => void;
  stop: () => void;
}

/** Wraps an existing data directory (made by initdb, or restored) on `port`. */
export function clusterAt(root: string, dataDir: string, port: number): Cluster {
  const bin = pgBinDir();
  const log = path.join(root, `${path.basename(dataDir)}.log`);
  return {
    dataDir,
    port,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    start: () => {
      runAsPg(path.join(bin, 'pg_ctl'), [
        '-D',
        dataDir,
        '-l',
        log,
        '-w',
        '-t',
        '120',
        '-o',
        `-p ${port} -k ${root} -c listen_addresses=127.0.0.1`,
        'start',
      ]);
    },
    stop: () => {
      if (fs.existsSync(path.join(dataDir, 'postmaster.pid')))
        runAsPg(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', '-t', '120', 'stop']);
    },
  };
}

/** initdb a new cluster under `root` with extra postgresql.conf lines; not started. */
export function initCluster(root: string, name: string, port: number, conf: string[] = []): Cluster {
  const dataDir = path.join(root, name);
  runAsPg(path.join(pgBinDir(), 'initdb'), [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--locale=C',
    '--no-sync',
  ]);
  // Written by the postgres user's files: append through a root-owned write is fine, the owner stays.
  fs.appendFileSync(path.join(dataDir, 'postgresql.conf'), `\n${['fsync = off', ...conf].join('\n')}\n`);
  // Replication connections from 127.0.0.1 (pg_basebackup, a standby).
  fs.appendFileSync(path.join(dataDir, 'pg_hba.conf'), '\nhost replication all 127.0.0.1/32 trust\n');
  return clusterAt(root, dataDir, port);
}

/** One statement on its own connection (a private cluster's database, or the test server's). */
export async function query<R extends pg.QueryResultRow>(url: string, text: string): Promise<R[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<R>(text)).rows;
  } finally {
    await c.end();
  }
}
