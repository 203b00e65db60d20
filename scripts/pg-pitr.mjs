#!/usr/bin/env node
// Point-in-time restore of a production PostgreSQL (issue 17 finding 13, security check R08). Run as the
// operating-system user that owns PostgreSQL's data (usually `postgres`), with PostgreSQL's own tools:
//
//   node scripts/pg-pitr.mjs basebackup --pgurl postgres://postgres@127.0.0.1:5432/postgres --dir /backup/base
//       a base backup (pg_basebackup, plain format, WAL included) into /backup/base/base-<UTC time>
//   node scripts/pg-pitr.mjs restore --base /backup/base/base-20261128T120000Z --archive /backup/wal \
//       --target '2026-11-28 20:15:00+08' --data /var/lib/postgresql/15/restored
//       a new data directory that, when PostgreSQL starts on it, replays the archived WAL up to the target time
//       and opens for writes (recovery_target_action = promote)
//
// The primary must archive its WAL: wal_level = replica, archive_mode = on,
// archive_command = 'test ! -f /backup/wal/%f && cp %p /backup/wal/%f', archive_timeout <= 300 (README).
// Exit codes: 0 done, 2 bad arguments (nothing written), 1 a PostgreSQL tool failed.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

function fail(message, code = 2) {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

/** PostgreSQL's binaries: PG_BINDIR, else `pg_config --bindir`, else the newest /usr/lib/postgresql/N/bin. */
export function pgBinDir() {
  if (process.env.PG_BINDIR) return process.env.PG_BINDIR;
  const r = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  if (r.status === 0 && r.stdout.trim()) return r.stdout.trim();
  const base = '/usr/lib/postgresql';
  if (fs.existsSync(base)) {
    const versions = fs
      .readdirSync(base)
      .filter((v) => fs.existsSync(path.join(base, v, 'bin', 'pg_ctl')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions.length) return path.join(base, versions[0], 'bin');
  }
  return fail('找不到 PostgreSQL 的程序目录：请设置 PG_BINDIR（例如 /usr/lib/postgresql/15/bin）');
}

function parseArgs(argv) {
  const out = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith('--')) fail(`无法识别的参数 ${a}：参数的写法是 --名称 值`);
    const value = argv[i + 1];
    if (value === undefined || value.startsWith('--')) fail(`参数 ${a} 缺少取值`);
    out[a.slice(2)] = value;
    i++;
  }
  return out;
}

function need(args, name, what) {
  if (!args[name]) fail(`缺少 --${name}（${what}）`);
  return args[name];
}

function run(bin, args) {
  const r = spawnSync(path.join(pgBinDir(), bin), args, { stdio: 'inherit' });
  if (r.status !== 0) fail(`${bin} 执行失败（退出码 ${r.status ?? r.signal}），未完成`, 1);
}

/**
 * A target time PostgreSQL reads unambiguously: date, time and an explicit zone (+08, +08:00 or Z). A time
 * without a zone would be read in the server's zone, which may not be China's, so it is refused.
 */
export function checkTarget(text) {
  const m =
    /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)$/.exec(
      text.trim(),
    );
  if (!m) return '恢复目标时间的格式应为 YYYY-MM-DD HH:mm:ss+08（须带时区，例如 2026-11-28 20:15:00+08）';
  const iso = `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6] ?? '00'}${
    m[7] === 'Z'
      ? 'Z'
      : m[7].length === 3
        ? `${m[7]}:00`
        : m[7].includes(':')
          ? m[7]
          : `${m[7].slice(0, 3)}:${m[7].slice(3)}`
  }`;
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return `恢复目标时间 ${text} 不是有效的时间`;
  if (t > Date.now()) return `恢复目标时间 ${text} 晚于当前时间`;
  return null;
}

function basebackup(args) {
  const pgurl = need(args, 'pgurl', '可做复制连接的 PostgreSQL 地址');
  const dir = need(args, 'dir', '存放基础备份的目录');
  const stamp = new Date()
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  const target = path.join(path.resolve(dir), `base-${stamp}`);
  if (fs.existsSync(target)) fail(`${target} 已存在，未覆盖`);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  run('pg_basebackup', ['-d', pgurl, '-D', target, '-Fp', '-Xstream', '-c', 'fast', '--no-password']);
  process.stdout.write(`基础备份已完成：${target}\n`);
  return target;
}

function restore(args) {
  const base = path.resolve(need(args, 'base', 'pg-pitr basebackup 生成的基础备份目录'));
  const archive = path.resolve(need(args, 'archive', 'WAL 归档目录（archive_command 复制到的目录）'));
  const target = need(args, 'target', '恢复到的时间，须带时区');
  const data = path.resolve(need(args, 'data', '新的数据目录，须不存在或为空'));
  const problem = checkTarget(target);
  if (problem) fail(problem);
  if (!fs.existsSync(path.join(base, 'PG_VERSION'))) fail(`${base} 不是基础备份目录（缺少 PG_VERSION）`);
  if (!fs.existsSync(archive)) fail(`WAL 归档目录 ${archive} 不存在`);
  if (fs.existsSync(data) && fs.readdirSync(data).length > 0) fail(`数据目录 ${data} 不为空，未覆盖`);
  fs.cpSync(base, data, { recursive: true });
  fs.chmodSync(data, 0o700);
  // The base backup's own recovery state and stale server files do not belong to the new cluster.
  for (const f of ['postmaster.pid', 'postmaster.opts', 'standby.signal'])
    fs.rmSync(path.join(data, f), { force: true });
  const quote = (s) => `'${s.replace(/'/g, "''")}'`;
  fs.appendFileSync(
    path.join(data, 'postgresql.auto.conf'),
    [
      '',
      `# pg-pitr restore ${new Date().toISOString()}`,
      `restore_command = ${quote(`cp ${archive}/%f %p`)}`,
      `recovery_target_time = ${quote(target)}`,
      "recovery_target_action = 'promote'",
      // The restored copy must not write into the archive the primary still uses.
      "archive_mode = 'off'",
      '',
    ].join('\n'),
  );
  fs.writeFileSync(path.join(data, 'recovery.signal'), '');
  process.stdout.write(
    `已准备恢复到 ${target}：在 ${data} 上启动 PostgreSQL（pg_ctl -D ${data} start），回放完成后数据库自动转为可写。\n`,
  );
}

const isMain =
  process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) {
  const [command, ...rest] = process.argv.slice(2);
  const args = parseArgs(rest);
  if (command === 'basebackup') basebackup(args);
  else if (command === 'restore') restore(args);
  else
    fail(
      '用法：node scripts/pg-pitr.mjs basebackup --pgurl … --dir … | restore --base … --archive … --target … --data …',
    );
}
