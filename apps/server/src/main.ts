import cluster from 'node:cluster';
import fs from 'node:fs';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from './app.ts';
import { type ReadyMessage, runPrimary } from './cluster.ts';
import { type Config, loadConfig, workerPlan } from './config.ts';
import { backupPglite, copyBackup, readBackup } from './db/backup.ts';
import { type Database, openDatabase, openPglite } from './db/database.ts';
import { acquireDirLock, DataDirLockedError, type DirLock } from './db/lock.ts';
import { migrateDown, migrateToLatest, migrator } from './db/migrate.ts';
import { describeVerification, logHmacKey, verifyOperLogChain } from './platform/log-chain.ts';
import { serverPasswordProblem } from './platform/password-strength.ts';
import { configurePii } from './platform/pii.ts';
import { type FileStorage, openStorage } from './platform/storage/storage.ts';
import { createPlainHttpRedirector } from './platform/transport.ts';
import {
  DUTY_ADMIN_ACCOUNTS,
  isSeeded,
  seedDemo,
  seedDutyAdmins,
  seedProductionAdmin,
  syncBase,
} from './seed/seed.ts';

type Command = 'serve' | 'migrate' | 'migrate:down' | 'seed' | 'backup' | 'restore' | 'logs:verify';

function log(msg: string): void {
  process.stdout.write(`${msg}\n`);
}

async function open(config: Config): Promise<{ database: Database; lock?: DirLock }> {
  if (!config.embedded) {
    const database = await openDatabase({
      databaseUrl: config.DATABASE_URL,
      replicaUrl: config.DATABASE_REPLICA_URL,
      poolMax: config.DB_POOL_MAX,
      connectTimeoutMs: config.DB_CONNECT_TIMEOUT_MS,
      statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
      ssl: config.DB_SSL,
      ...(config.DB_SSL_CA ? { sslCa: fs.readFileSync(config.DB_SSL_CA, 'utf8') } : {}),
      planCacheMode: config.DB_PLAN_CACHE_MODE,
      onPoolError: (err) => process.stderr.write(`数据库连接错误（将自动重连）: ${err.message}\n`),
    });
    return { database };
  }
  const lock = acquireDirLock(config.dataDir);
  try {
    const existed = fs.existsSync(path.join(config.pgliteDir, 'PG_VERSION'));
    const database = await openDatabase({ pgliteDir: config.pgliteDir });
    if (existed) {
      // Never silently re-initialise: an existing directory must still hold our schema.
      await database.ping();
    }
    return { database, lock };
  } catch (err) {
    lock.release();
    throw err;
  }
}

/** Demo data on an empty database unless NODE_ENV=production or SEED_DEMO=off (README "Demo accounts"). */
function wantsDemo(config: Config): boolean {
  if (config.SEED_DEMO === 'on') return true;
  if (config.SEED_DEMO === 'off') return false;
  return config.NODE_ENV !== 'production';
}

/**
 * With BACKUP_COPY=storage, copies a backup into the file storage (`storage`, or the one the settings name, opened
 * for it) and keeps BACKUP_COPY_KEEP copies there (db/backup.ts); a failure rejects, the local backup stays.
 */
async function copyOff(config: Config, file: string, storage?: FileStorage): Promise<void> {
  if (config.BACKUP_COPY !== 'storage') return;
  const store = storage ?? (await openStorage(config));
  try {
    const key = await copyBackup(store, file, config.BACKUP_COPY_KEEP);
    log(`备份已复制到文件存储: ${key}（${store.location}）`);
  } finally {
    if (!storage) await store.close();
  }
}

async function prepare(config: Config, database: Database): Promise<void> {
  const pending = (await migrator(database.db).getMigrations()).filter((m) => !m.executedAt);
  if (database.pglite && pending.length > 0 && (await hasTables(database))) {
    const file = await backupPglite(database.pglite, config.backupDir, 'pre-migrate');
    log(`迁移前已备份嵌入式数据库: ${file}`);
    // The migration goes ahead with the local backup when the copy fails (the store may be down for a while).
    await copyOff(config, file).catch((err: unknown) =>
      process.stderr.write(`迁移前备份复制到文件存储失败（本机备份仍在 ${file}）: ${String(err)}\n`),
    );
  }
  // On the job connection: a migration building an index over a large table runs for minutes, past the
  // request connections' few-second statement timeout.
  const applied = await migrateToLatest(database.jobs());
  if (applied.length) log(`已执行数据库迁移: ${applied.join(', ')}`);
  const { added } = await syncBase(database.db);
  if (added) log(`已同步菜单资源 ${added} 项`);
  if (!(await isSeeded(database.db))) {
    if (wantsDemo(config)) {
      const storage = await openStorage(config);
      await seedDemo(database.db, new Date(), { storage }).finally(() => storage.close());
      log('已创建演示账号（密码 Safe2026）: admin secadmin auditor gov ent ent2 ent3 insurer service expert');
    } else {
      if (!config.ADMIN_PASSWORD) {
        throw new Error('生产环境首次启动需要设置 ADMIN_PASSWORD（管理员初始密码，首次登录须修改）');
      }
      const problem = serverPasswordProblem(config.ADMIN_PASSWORD, { username: 'admin' });
      if (problem) throw new Error(`ADMIN_PASSWORD 不符合密码规则：${problem}`);
      await seedProductionAdmin(database.db, config.ADMIN_PASSWORD);
      log('已创建管理员账号 admin（首次登录须修改密码）');
    }
  }
  await prepareDutyAdmins(config, database);
}

/**
 * 三权分立 (security.md Z04): the security and audit administrators' accounts from SECURITY_ADMIN_PASSWORD and
 * AUDIT_ADMIN_PASSWORD, on any start where nobody holds the role yet (a first start, or an upgrade).
 */
async function prepareDutyAdmins(config: Config, database: Database): Promise<void> {
  const passwords = { security: config.SECURITY_ADMIN_PASSWORD, audit: config.AUDIT_ADMIN_PASSWORD };
  for (const a of DUTY_ADMIN_ACCOUNTS) {
    const pw = passwords[a.duty];
    const name = a.duty === 'security' ? 'SECURITY_ADMIN_PASSWORD' : 'AUDIT_ADMIN_PASSWORD';
    const problem = pw ? serverPasswordProblem(pw, { username: a.username }) : null;
    if (problem) throw new Error(`${name} 不符合密码规则：${problem}`);
  }
  const created = await seedDutyAdmins(database.db, passwords);
  for (const username of created)
    log(`已创建${username === 'secadmin' ? '安全' : '审计'}管理员账号 ${username}（首次登录须修改密码）`);
}

async function hasTables(database: Database): Promise<boolean> {
  const row = await database.db
    .selectFrom('information_schema.tables' as never)
    .select((eb) => eb.fn.countAll<number>().as('c'))
    .where('table_schema' as never, '=', 'public' as never)
    .executeTakeFirst();
  return Number((row as { c?: number } | undefined)?.c ?? 0) > 0;
}

/**
 * `serve`: one process, or with WORKERS > 1 on PostgreSQL a primary that migrates and seeds once and then forks
 * the workers (cluster.ts); each worker serves like the single process without preparing the database.
 */
async function serve(config: Config): Promise<void> {
  if (cluster.isWorker) return serveProcess(config, true);
  const plan = workerPlan(config, os.availableParallelism());
  if (plan.note) log(plan.note);
  if (plan.workers <= 1) return serveProcess(config, false);
  const { database } = await open(config);
  try {
    await database.startupLock(() => prepare(config, database));
  } finally {
    await database.close();
  }
  runPrimary(config, plan.workers, log);
}

async function serveProcess(config: Config, worker: boolean): Promise<void> {
  const { database, lock } = await open(config);
  if (!worker) await database.startupLock(() => prepare(config, database));
  const app = await buildApp({ config, database });
  let stopping = false;
  let plain: http.Server | undefined;
  /** Stops the scheduled backups and resolves once the one running (dump and copy) is done. */
  let stopBackups = async () => {};
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.state.closing = true;
    app.log.info({ signal }, '正在停止服务：不再接受新请求，等待进行中的请求完成');
    const timer = setTimeout(() => {
      app.log.error('停止超时，强制退出');
      lock?.release();
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    try {
      // Keep listening (new requests answer 503, app.ts) until the requests in flight are done, then close.
      const drainUntil = Date.now() + Math.max(0, config.SHUTDOWN_TIMEOUT_MS - 1_000);
      while (app.state.inFlight > 0 && Date.now() < drainUntil) await new Promise((r) => setTimeout(r, 25));
      // A backup under way finishes (its copy too) before the database closes; the shutdown timeout still applies.
      await stopBackups();
      plain?.close();
      await app.close();
      await database.checkpoint();
      await database.close();
      lock?.release();
      clearTimeout(timer);
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, '停止过程出错');
      lock?.release();
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  if (database.pglite) {
    // Daily dump of the embedded database (BACKUP_INTERVAL_MS); keeps the last 14, copies them off with BACKUP_COPY.
    const pglite = database.pglite;
    let running: Promise<void> | undefined;
    const daily = setInterval(() => {
      // One at a time: a dump that takes longer than the interval is not run over by the next.
      if (running || stopping) return;
      running = backupPglite(pglite, config.backupDir, 'daily')
        .then((file) =>
          copyOff(config, file, app.deps.storage).catch((err) =>
            app.log.error({ err, file }, '定时备份复制到文件存储失败（本机备份已完成）'),
          ),
        )
        .catch((err) => app.log.error({ err }, '定时备份失败'))
        .finally(() => {
          running = undefined;
        });
    }, config.BACKUP_INTERVAL_MS);
    daily.unref();
    stopBackups = async () => {
      clearInterval(daily);
      await running;
    };
  }
  // A response finished while stopping closes its connection, so close() need not wait out keep-alive (R07).
  app.addHook('onSend', async (_req, reply) => void (stopping && reply.header('connection', 'close')));
  await app.listen({ host: config.HOST, port: config.PORT });
  const addr = app.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : config.PORT;
  if (config.HTTPS && config.HTTP_PORT !== undefined) {
    // Plain HTTP only sends people to HTTPS: pages 308, API calls 403 (platform/transport.ts).
    plain = createPlainHttpRedirector(config.HTTPS_PUBLIC_PORT ?? port);
    const server = plain;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.HTTP_PORT, config.HOST, () => resolve());
    });
    const plainAddr = server.address();
    const plainPort = typeof plainAddr === 'object' && plainAddr ? plainAddr.port : config.HTTP_PORT;
    log(`明文 HTTP 端口: ${plainPort}（页面跳转到 HTTPS，接口请求一律拒绝）`);
  }
  const scheme = config.HTTPS ? 'https' : 'http';
  const started = `宿迁市安全生产责任保险监管服务平台已启动: ${scheme}://localhost:${port} （数据库: ${database.kind}）`;
  if (worker) {
    // The primary prints the address once every worker listens (they share the port).
    const ready: ReadyMessage = { type: 'aqzrx-ready', port, started };
    process.send?.(ready);
  } else {
    log(started);
  }
}

async function run(command: Command, args: string[]): Promise<void> {
  const config = loadConfig();
  // Before any migration: 0035 encrypts stored phone numbers with this key (PII_KEY or DATA_DIR/keys/pii.key).
  configurePii({ nodeEnv: config.NODE_ENV, dataDir: config.dataDir });
  if (command === 'serve') return serve(config);
  if (command === 'restore') {
    if (!config.embedded) throw new Error('restore 仅用于嵌入式数据库；PostgreSQL 请使用 pg_restore / PITR');
    const file = args[0] ?? '';
    // A file, or `storage:backups/<name>`: a copy in the file storage (BACKUP_COPY=storage).
    const backup = await readBackup(file, () => openStorage(config));
    if (!backup) {
      throw new Error(
        '用法: npm run db:restore -- <备份文件.tar.gz 或 storage:backups/备份名.tar.gz>（文件不存在）',
      );
    }
    const lock = acquireDirLock(config.dataDir);
    try {
      if (fs.existsSync(config.pgliteDir)) {
        const aside = `${config.pgliteDir}.before-restore-${Date.now()}`;
        fs.renameSync(config.pgliteDir, aside);
        log(`原数据目录已移至 ${aside}`);
      }
      const pglite = await openPglite(config.pgliteDir, backup);
      const res = await pglite.query<{ c: number }>('SELECT count(*)::int AS c FROM sys_user');
      await pglite.query('CHECKPOINT');
      await pglite.close();
      log(`已从 ${file} 恢复，用户数 ${res.rows[0]?.c ?? 0}`);
    } finally {
      lock.release();
    }
    return;
  }
  const { database, lock } = await open(config);
  try {
    if (command === 'migrate') {
      const applied = await database.startupLock(() => migrateToLatest(database.jobs()));
      log(applied.length ? `已执行: ${applied.join(', ')}` : '数据库已是最新版本');
    } else if (command === 'migrate:down') {
      const undone = await migrateDown(database.jobs());
      log(`已回退: ${undone.join(', ') || '无'}`);
    } else if (command === 'seed') {
      await database.startupLock(() => prepare(config, database));
      log('种子数据已就绪');
    } else if (command === 'backup') {
      if (!database.pglite)
        throw new Error('backup 仅用于嵌入式数据库；PostgreSQL 请使用 pg_basebackup 与 WAL 归档');
      const file = await backupPglite(database.pglite, args[0] ?? config.backupDir, 'manual');
      log(`备份完成: ${file}`);
      await copyOff(config, file);
    } else if (command === 'logs:verify') {
      // Walks the operation log's HMAC chain (platform/log-chain.ts); a break exits 1.
      const result = await verifyOperLogChain(database.db, logHmacKey(config.LOG_HMAC_KEY));
      log(describeVerification(result));
      if (!result.ok) process.exitCode = 1;
    }
  } finally {
    await database.checkpoint().catch(() => {});
    await database.close();
    lock?.release();
  }
}

const [command = 'serve', ...args] = process.argv.slice(2);
const commands: Command[] = ['serve', 'migrate', 'migrate:down', 'seed', 'backup', 'restore', 'logs:verify'];
if (!commands.includes(command as Command)) {
  process.stderr.write(`未知命令 ${command}；可用: ${commands.join(' | ')}\n`);
  process.exit(2);
}
run(command as Command, args).catch((err: unknown) => {
  if (err instanceof DataDirLockedError) {
    process.stderr.write(`${err.message}\n`);
    process.exit(3);
  }
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
