import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SECURITY_LIMITS } from '@aqzrx/contracts';
import { z } from 'zod';
import { parseClamdUrl } from './platform/antivirus.ts';

const bool = z
  .enum(['on', 'off', 'true', 'false', '1', '0'])
  .transform((v) => v === 'on' || v === 'true' || v === '1');

/**
 * Every setting the server reads from the environment, parsed once. The README documents each one.
 * Settings that an admin may change at run time (platform name, footer, insurance numbers, idle
 * timeout, password age) live in the database (sys_setting); these are the ones needed to boot, and
 * the defaults of the idle timeout and password age.
 */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  /** A streaming replica of DATABASE_URL for read-only work (platform/replica.ts). */
  DATABASE_REPLICA_URL: z.string().url().optional(),
  /**
   * Server processes of `npm start` (node:cluster: one primary runs migrations and seeding, then forks this many
   * workers sharing PORT). Default: the CPU count with DATABASE_URL, 1 on the embedded database, which one
   * process holds (more is refused there with a log line and one process serves).
   */
  WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  /**
   * Redis for the state the processes and instances share (captcha, nonces, rate limits): redis://[:password@]
   * host:port[/db]; without it that state lives in PostgreSQL (platform/shared-store.ts).
   */
  REDIS_URL: z
    .string()
    .trim()
    .regex(/^rediss?:\/\/\S+$/, 'REDIS_URL 须为 redis://主机:端口 或 rediss://主机:端口')
    .optional(),
  /** Prefix of this deployment's Redis keys (deployments sharing one Redis use different prefixes). */
  REDIS_PREFIX: z.string().trim().min(1).max(64).default('aqzrx:'),
  /**
   * How often each process shares its counts of the high-volume limits (API limit, per-IP ceiling) with the
   * others (ms): N processes together may pass such a limit by what they serve in two intervals.
   */
  RATE_SYNC_MS: z.coerce.number().int().min(100).max(60_000).default(1000),
  REPLICA_MAX_LAG_MS: z.coerce.number().int().min(100).default(5000),
  REPLICA_CHECK_MS: z.coerce.number().int().min(100).default(1000),
  // Two connections per CPU (at least 4): more active PostgreSQL backends than that only queue for the same
  // cores. Measured on 2 cores with PostgreSQL on the same machine: 4 connections served the claim list
  // at 1,830 req/s, p99 48 ms; 10 connections 1,480 req/s, p99 65 ms (README "Performance").
  DB_POOL_MAX: z.coerce
    .number()
    .int()
    .min(1)
    .max(200)
    .default(Math.max(4, 2 * os.availableParallelism())),
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(4000),
  DB_SSL: z.enum(['off', 'require', 'verify-full']).default('off'),
  /** PEM file of the CA that signed PostgreSQL's certificate (a private CA), for DB_SSL=verify-full. */
  DB_SSL_CA: z.string().optional(),
  DB_PLAN_CACHE_MODE: z.enum(['force_generic_plan', 'auto', 'force_custom_plan']).default('auto'),
  /**
   * Totals of the large lists (policies, claims, enterprises, prevention plans, projects, funds and service
   * requests) are counted exactly up to this many rows; above it the list says "10,000+ 条" (totalCapped)
   * and pages up to it can be opened. Counting stops there, so a total never costs seconds however many rows
   * match.
   */
  LIST_COUNT_CAP: z.coerce.number().int().min(1).max(10_000_000).default(10_000),
  /**
   * Slide-puzzle captcha on password sign-in. `off` is for tests and scripts only: refused with
   * NODE_ENV=production unless the deployment runs on the public demo data (SEED_DEMO=on; the benchmarks), as MFA.
   */
  CAPTCHA: bool.default(true),
  /**
   * Second factor (TOTP) for the operations admin and the regulators (security.md A06). `off` is for tests and
   * scripts only: refused with NODE_ENV=production unless the deployment runs on the public demo data
   * (SEED_DEMO=on, whose passwords are published anyway; the benchmarks).
   */
  MFA: bool.default(true),
  TOKEN_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(24 * 7),
  /** Default of the run-time `security.idleTimeoutMinutes` setting (same range as the settings screen). */
  IDLE_TIMEOUT_MINUTES: z.coerce
    .number()
    .int()
    .min(SECURITY_LIMITS.idleTimeoutMinutes.min)
    .max(SECURITY_LIMITS.idleTimeoutMinutes.max)
    .default(30),
  /**
   * How long a resolved session may be reused without reading it again (ms, 0 = off). Changes made through
   * this server apply on the next request regardless; this only bounds changes made by another instance.
   */
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  LOCK_MINUTES: z.coerce.number().int().min(10).max(60).default(30),
  /** Wrong passwords from one client (IP + device cookie) for one username before that client is locked out. */
  LOCK_THRESHOLD: z.coerce.number().int().min(3).max(20).default(5),
  /**
   * Wrong passwords for one username from all clients together before the account as a whole is locked
   * (a stranger alone cannot reach it from one client); a user with a second factor still gets in with it.
   */
  ACCOUNT_LOCK_THRESHOLD: z.coerce.number().int().min(10).max(10_000).default(50),
  /** Default of the run-time `security.passwordMaxAgeDays` setting (0 = never; same range as the screen). */
  PASSWORD_MAX_AGE_DAYS: z.coerce
    .number()
    .int()
    .min(SECURITY_LIMITS.passwordMaxAgeDays.min)
    .max(SECURITY_LIMITS.passwordMaxAgeDays.max)
    .default(90),
  LOGIN_RATE_MAX: z.coerce.number().int().min(1).default(10),
  LOGIN_RATE_WINDOW_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(3 * 60 * 1000),
  API_RATE_MAX: z.coerce.number().int().min(1).default(600),
  IP_RATE_MAX: z.coerce.number().int().min(1).default(3000),
  TRUST_PROXY: z.string().default(''),
  /**
   * Hosts that external links written by users (banners, articles, messages, rule sources) may point at,
   * comma-separated; an entry allows its subdomains. Default: government sites (gov.cn).
   */
  LINK_HOSTS: z
    .string()
    .default('gov.cn')
    .refine(
      (s) => s.split(',').every((h) => /^[a-z0-9.-]*$/i.test(h.trim())),
      'LINK_HOSTS 须为逗号分隔的域名',
    ),
  ADMIN_PASSWORD: z.string().optional(),
  /**
   * Initial passwords of the security administrator `secadmin` and the audit administrator `auditor`
   * (三权分立, security.md Z04): on a start where no account holds that role, the account is created and must
   * change the password at first login. Unset: no such account is created (demo data has its own).
   */
  SECURITY_ADMIN_PASSWORD: z.string().optional(),
  AUDIT_ADMIN_PASSWORD: z.string().optional(),
  SEED_DEMO: z.enum(['auto', 'on', 'off']).default('auto'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).default(10000),
  /**
   * Slow clients (security.md R04): a request's headers, and the body of any request but an upload, must arrive
   * within this long, or the connection is answered 408 and closed (slowloris, slow bodies). Uploads are bounded
   * by the idle timeout (no byte for 120 s) instead, so a large file on a slow line is not cut off.
   */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
  /** Time between two runs of the push worker (modules/data-exchange): 1 s to 1 day. */
  PUSH_INTERVAL_MS: z.coerce.number().int().min(1000).max(86_400_000).default(60_000),
  /**
   * China-time hour (0-23) of the daily insurance job: due endorsements take effect, enterprise scores
   * follow the passing days (modules/endorsement/daily-jobs.ts).
   */
  DAILY_JOB_HOUR: z.coerce.number().int().min(0).max(23).default(1),
  /**
   * WeChat QR login (网站应用微信登录): the website app's AppID and AppSecret from the WeChat Open Platform and
   * the callback address registered with it (the web app's /user/loginByQRCode page). All three set = on;
   * none = off (the login page says so). The base URLs are WeChat's; tests point them at a local stand-in.
   */
  WX_APP_ID: z.string().trim().max(64).optional(),
  WX_APP_SECRET: z.string().trim().max(128).optional(),
  WX_CALLBACK_URL: z.string().url().optional(),
  WX_OPEN_BASE_URL: z.string().url().default('https://open.weixin.qq.com'),
  WX_API_BASE_URL: z.string().url().default('https://api.weixin.qq.com'),
  /**
   * SMS codes (modules/sms): 'outbox' (default) keeps the texts in the database for the operations admin's
   * 短信发件箱 page and, in development, the server log — refused in production; 'aliyun' or 'tencent' send
   * through the provider's official SDK with the keys, sign name and template ids below.
   */
  SMS_PROVIDER: z.enum(['outbox', 'aliyun', 'tencent']).default('outbox'),
  SMS_SIGN_NAME: z.string().max(30).default('宿迁安责险'),
  SMS_KEY_ID: z.string().default(''),
  SMS_KEY_SECRET: z.string().default(''),
  SMS_TEMPLATE_SIGNUP: z.string().default(''),
  SMS_TEMPLATE_FINDPWD: z.string().default(''),
  SMS_TENCENT_APP_ID: z.string().default(''),
  SMS_TENCENT_REGION: z.string().default('ap-guangzhou'),
  /** Provider API host override (host[:port]); empty = the provider's public endpoint. */
  SMS_ENDPOINT: z.string().default(''),
  SMS_PROTOCOL: z.enum(['https', 'http']).default('https'),
  SMS_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(5000),
  /**
   * Secret of the operation log's HMAC chain (platform/log-chain.ts; security.md L03), at least 32
   * characters; required in production. Without it (development, tests) a published development key is used.
   * Changing it makes the rows written before unverifiable: keep it with the data directory's keys.
   */
  LOG_HMAC_KEY: z.string().trim().min(32, 'LOG_HMAC_KEY 至少32个字符').optional(),
  /** Ships each operation-log row to syslog (RFC 5424): udp://host:514 or tcp://host:514; empty = off. */
  SYSLOG_URL: z
    .string()
    .trim()
    .default('')
    .refine(
      (s) =>
        s === '' ||
        /^(udp|tcp):\/\/[^/:]+(:\d+)?\/?$/.test(s) ||
        /^(udp|tcp):\/\/\[[0-9a-f:]+\](:\d+)?\/?$/i.test(s),
      'SYSLOG_URL 须为 udp://主机:端口 或 tcp://主机:端口',
    ),
  /**
   * Days operation logs are kept; 0 (default) keeps them for good. Otherwise at least 180 (CSL art. 21):
   * the daily purge removes older ones, oldest first, and the HMAC chain stays verifiable (anchored).
   */
  OPER_LOG_RETENTION_DAYS: z.coerce
    .number()
    .int()
    .refine((n) => n === 0 || n >= 180, 'OPER_LOG_RETENTION_DAYS 须为0（永久保留）或不少于180天')
    .default(0),
  /** Days without a sign-in after which an account counts as idle (长期未登录; security.md A08). */
  IDLE_ACCOUNT_DAYS: z.coerce.number().int().min(30).max(3650).default(90),
  /** What the daily job does with idle accounts: 'flag' (default: listed and reported) or 'disable'. */
  IDLE_ACCOUNT_ACTION: z.enum(['flag', 'disable']).default('flag'),
  /**
   * Upload quotas (modules/file, security.md F04): bytes one user may upload per China-time day, and bytes
   * one organisation may hold in all (its users' uploads not yet removed), in MB; 0 = no quota. Checked
   * while the file streams: an upload that would pass a quota is cut off, its partial file removed.
   */
  UPLOAD_USER_DAILY_MB: z.coerce.number().int().min(0).default(5120),
  UPLOAD_ORG_TOTAL_MB: z.coerce.number().int().min(0).default(51200),
  /** Free space the upload directory's disk keeps (MB): below it uploads answer 507 and /api/ready says low. */
  UPLOAD_MIN_FREE_MB: z.coerce.number().int().min(0).default(1024),
  /**
   * Where uploaded files are kept (platform/storage): `local` (default) in DATA_DIR/uploads, a directory several
   * instances may share (NFS); `s3` in a bucket of an S3-compatible object store (AWS S3, MinIO, Alibaba Cloud
   * OSS or Tencent Cloud COS in S3 mode) with the settings below, all required then.
   */
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z
    .string()
    .trim()
    .default('')
    .refine((s) => s === '' || /^https?:\/\/[^\s/]+\/?$/.test(s), 'S3_ENDPOINT 须为 http(s)://主机[:端口]'),
  S3_REGION: z.string().trim().default(''),
  S3_BUCKET: z.string().trim().default(''),
  S3_ACCESS_KEY_ID: z.string().trim().default(''),
  S3_SECRET_ACCESS_KEY: z.string().trim().default(''),
  /** Bucket in the path (`endpoint/bucket/key`, MinIO) instead of the host name (`bucket.endpoint`, OSS, COS). */
  S3_FORCE_PATH_STYLE: bool.default(false),
  /**
   * Copies of the embedded database's backups (daily, before a migration, `backup`) off the machine (security.md
   * R09): `storage` puts each into the file storage (STORAGE: the S3 bucket, or the shared directory) as
   * `backups/pglite-….tar.gz`, keeping the newest BACKUP_COPY_KEEP there; `off` (default) keeps them in
   * DATA_DIR/backups only.
   */
  BACKUP_COPY: z.enum(['off', 'storage']).default('off'),
  BACKUP_COPY_KEEP: z.coerce.number().int().min(1).max(1000).default(14),
  /** Time between two scheduled backups of the embedded database (default a day; the newest 14 kept locally). */
  BACKUP_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .max(7 * 86_400_000)
    .default(86_400_000),
  /** Uploads attached to no record are removed this many hours after upload (modules/file/orphans.ts). */
  UPLOAD_ORPHAN_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(24),
  /**
   * Antivirus scan of every uploaded file before it is stored (security.md F02) by ClamAV's clamd at CLAMD_URL
   * (`tcp://host:3310` or `unix:/run/clamav/clamd.ctl`); while clamd cannot be reached uploads answer 503. `off`
   * (default, for development and tests) is refused with NODE_ENV=production unless on the demo data (SEED_DEMO=on).
   */
  AV_SCAN: bool.default(false),
  CLAMD_URL: z
    .string()
    .trim()
    .default('tcp://127.0.0.1:3310')
    .refine((s) => parseClamdUrl(s) !== undefined, 'CLAMD_URL 须为 tcp://主机:端口 或 unix:/套接字路径'),
  /** Longest silence of clamd during a scan (ms) before the upload is refused with 503. */
  AV_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
  /** China-time hour (0-23) of the daily orphan-upload sweep. */
  UPLOAD_SWEEP_HOUR: z.coerce.number().int().min(0).max(23).default(3),
  /**
   * HTTPS (security.md P01): `on` serves web and API over TLS 1.2/1.3 only on PORT with the PEM certificate
   * chain and key at TLS_CERT and TLS_KEY; HTTP_PORT, when set, listens for plain HTTP that redirects pages to
   * HTTPS and refuses API calls (platform/transport.ts).
   */
  HTTPS: bool.default(false),
  TLS_CERT: z.string().optional(),
  TLS_KEY: z.string().optional(),
  HTTP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Port named in the redirect to HTTPS when users reach the server through another one (e.g. 443); default PORT. */
  HTTPS_PUBLIC_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** Test hook: milliseconds to sleep between rows of a role save (process tests); ignored in production. */
  TEST_WRITE_DELAY_MS: z.coerce.number().int().min(0).default(0),
});

export type Config = z.infer<typeof configSchema> & {
  dataDir: string;
  pgliteDir: string;
  uploadDir: string;
  backupDir: string;
  webDist: string;
  embedded: boolean;
};

/**
 * How many processes `serve` runs (WORKERS; node:cluster, cluster.ts): by default one per CPU on PostgreSQL and
 * one on the embedded database, which a single process holds. More than one asked for there is not refused (the
 * server still starts, as it did before WORKERS existed): one process serves, and `note` says so in the log.
 */
export function workerPlan(config: Config, cpus: number): { workers: number; note?: string } {
  if (config.embedded) {
    const asked = config.WORKERS ?? 1;
    if (asked <= 1) return { workers: 1 };
    return {
      workers: 1,
      note: `嵌入式数据库（PGlite）只能由一个进程使用：WORKERS=${asked} 未生效，以单进程运行；多进程请设置 DATABASE_URL（PostgreSQL）`,
    };
  }
  return { workers: config.WORKERS ?? Math.max(1, cpus) };
}

const here = path.dirname(new URL(import.meta.url).pathname);

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`环境变量配置有误:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const wx = [c.WX_APP_ID, c.WX_APP_SECRET, c.WX_CALLBACK_URL].filter((v) => v);
  if (wx.length > 0 && wx.length < 3) {
    throw new Error(
      '环境变量配置有误:\n  WX_APP_ID、WX_APP_SECRET、WX_CALLBACK_URL 须同时设置（开通微信扫码登录）或都不设置',
    );
  }
  if (c.NODE_ENV === 'production' && !c.LOG_HMAC_KEY) {
    throw new Error(
      '环境变量配置有误:\n  LOG_HMAC_KEY: 生产环境须设置操作日志防篡改密钥（至少32个字符，妥善保管，更换后旧日志无法校验）',
    );
  }
  if (c.DATABASE_REPLICA_URL && !c.DATABASE_URL) {
    throw new Error(
      '环境变量配置有误:\n  DATABASE_REPLICA_URL 须与 DATABASE_URL 一起设置（只读副本是 PostgreSQL 主库的流复制备库）',
    );
  }
  if (c.HTTPS && (!c.TLS_CERT || !c.TLS_KEY)) {
    throw new Error(
      '环境变量配置有误:\n  HTTPS=on 时须设置 TLS_CERT（证书链 PEM 文件路径）和 TLS_KEY（私钥 PEM 文件路径）',
    );
  }
  if (!c.HTTPS && c.HTTP_PORT !== undefined) {
    throw new Error(
      '环境变量配置有误:\n  HTTP_PORT 仅在 HTTPS=on 时使用（明文端口只做跳转与拒绝）；未开启 HTTPS 时请用 PORT',
    );
  }
  if (!c.MFA && c.NODE_ENV === 'production' && c.SEED_DEMO !== 'on') {
    throw new Error(
      '环境变量配置有误:\n  MFA=off 只用于测试和脚本，生产环境（NODE_ENV=production）必须开启二次验证',
    );
  }
  if (!c.CAPTCHA && c.NODE_ENV === 'production' && c.SEED_DEMO !== 'on') {
    throw new Error(
      '环境变量配置有误:\n  CAPTCHA=off 只用于测试和脚本，生产环境（NODE_ENV=production）必须开启登录滑块验证',
    );
  }
  if (!c.AV_SCAN && c.NODE_ENV === 'production' && c.SEED_DEMO !== 'on') {
    throw new Error(
      '环境变量配置有误:\n  AV_SCAN=off 只用于开发和测试，生产环境（NODE_ENV=production）须开启上传文件病毒检查（AV_SCAN=on，并设置 CLAMD_URL）',
    );
  }
  if (
    c.DB_SSL_CA &&
    (c.DB_SSL !== 'verify-full' || !fs.existsSync(path.resolve(env.INIT_CWD ?? process.cwd(), c.DB_SSL_CA)))
  ) {
    throw new Error(
      '环境变量配置有误:\n  DB_SSL_CA 须为存在的 CA 证书 PEM 文件，且仅与 DB_SSL=verify-full 一起使用',
    );
  }
  if (c.STORAGE === 's3') {
    const missing = (
      ['S3_ENDPOINT', 'S3_REGION', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const
    ).filter((k) => !c[k]);
    if (missing.length) {
      throw new Error(
        `环境变量配置有误:\n  STORAGE=s3 时须设置 ${missing.join('、')}（对象存储的服务地址、区域、存储桶和访问密钥）`,
      );
    }
  }
  if (c.ACCOUNT_LOCK_THRESHOLD <= c.LOCK_THRESHOLD) {
    throw new Error('环境变量配置有误:\n  ACCOUNT_LOCK_THRESHOLD 须大于 LOCK_THRESHOLD');
  }
  // npm runs workspace scripts inside the workspace; relative paths mean the caller's directory.
  const base = env.INIT_CWD ?? process.cwd();
  const dataDir = path.resolve(base, c.DATA_DIR);
  return {
    ...c,
    dataDir,
    pgliteDir: path.join(dataDir, 'pgdata'),
    uploadDir: path.join(dataDir, 'uploads'),
    backupDir: path.join(dataDir, 'backups'),
    webDist: c.WEB_DIST ? path.resolve(base, c.WEB_DIST) : path.resolve(here, '../../web/dist'),
    embedded: !c.DATABASE_URL,
    TLS_CERT: c.TLS_CERT ? path.resolve(base, c.TLS_CERT) : undefined,
    DB_SSL_CA: c.DB_SSL_CA ? path.resolve(base, c.DB_SSL_CA) : undefined,
    TLS_KEY: c.TLS_KEY ? path.resolve(base, c.TLS_KEY) : undefined,
    TEST_WRITE_DELAY_MS: c.NODE_ENV === 'production' ? 0 : c.TEST_WRITE_DELAY_MS,
  };
}
