import { maskIdCard, maskMobile } from '@aqzrx/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { AuditKind, Db, Tx } from './context.ts';
import { appendOperLog, type ChainedOperLog, logHmacKey, type OperLogContent } from './log-chain.ts';
import { createOperLogWriter, type OperLogWriter } from './oper-log-writer.ts';
import { createSyslogShipper, type SyslogShipper } from './syslog.ts';
import { afterCommit } from './transaction.ts';

/** The operation log's chain key and its syslog shipper (SYSLOG_URL), one per app. */
export interface OperLogSink {
  key: Buffer;
  syslog: SyslogShipper | null;
  /** Rows written outside a transaction, group-committed (oper-log-writer.ts). */
  writer: OperLogWriter;
}

declare module 'fastify' {
  interface FastifyInstance {
    operLog: OperLogSink;
  }
}

/** Called once when the app is built: the chain key (LOG_HMAC_KEY) and the syslog shipper. */
export function registerOperLog(app: FastifyInstance): OperLogSink {
  const { config } = app.deps;
  const syslog = config.SYSLOG_URL
    ? createSyslogShipper(config.SYSLOG_URL, (err, failures) =>
        app.log.warn({ err, failures }, 'syslog shipping failed (best effort; the database row is kept)'),
      )
    : null;
  const key = logHmacKey(config.LOG_HMAC_KEY);
  const sink: OperLogSink = { key, syslog, writer: createOperLogWriter(app.db, key) };
  app.decorate('operLog', sink);
  app.addHook('onClose', async () => {
    await syslog?.close();
  });
  return sink;
}

/** Ships the row once its transaction committed (never a rolled-back one); best effort. */
function shipAfterCommit(db: Db | Tx, sink: OperLogSink, row: ChainedOperLog): void {
  const syslog = sink.syslog;
  if (!syslog) return;
  const ship = () => syslog.ship(row);
  try {
    afterCommit(db, ship);
  } catch {
    // A transaction not begun through inTransaction: ship now rather than lose the line.
    ship();
  }
}

const SECRET_KEYS =
  /^(password|pwd|oldpwd|newpwd|oldpassword|newpassword|confirmpassword|token|x-token|captchatoken|code|otp|smscode|mobileticket|secret|ticket)$/i;
const MOBILE_KEYS = /(mobile|phone|tel)$/i;
const ID_KEYS = /(idcard|idno|idnumber|cardno)$/i;
const MAX_PARAMS = 2000;

// A mobile or an ID number anywhere in a value (a note, a free-text field, a key not named as one), masked too.
const MOBILE_IN_TEXT = /(?<!\d)1[3-9]\d{9}(?!\d)/g;
const ID_IN_TEXT = /(?<![0-9A-Za-z])\d{17}[\dXx](?![0-9A-Za-z])/g;
const maskInText = (v: string) => v.replace(ID_IN_TEXT, maskIdCard).replace(MOBILE_IN_TEXT, maskMobile);

function scrub(value: unknown, depth = 0): unknown {
  if (depth > 6) return '…';
  if (typeof value === 'string') return maskInText(value);
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => scrub(v, depth + 1));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (SECRET_KEYS.test(k)) out[k] = '******';
      else if (typeof v === 'string' && MOBILE_KEYS.test(k)) out[k] = maskMobile(v);
      else if (typeof v === 'string' && ID_KEYS.test(k)) out[k] = maskIdCard(v);
      else out[k] = scrub(v, depth + 1);
    }
    return out;
  }
  return value;
}

/**
 * Request parameters for the log: query and JSON body merged, secrets removed, mobiles and ID numbers
 * masked, CR/LF escaped (log injection), at most 2,000 characters (security.md L02, L03).
 */
export function auditParams(req: FastifyRequest): string {
  const parts: Record<string, unknown> = {};
  if (req.query && typeof req.query === 'object' && Object.keys(req.query).length)
    parts.query = scrub(req.query);
  if (req.body && typeof req.body === 'object' && !Buffer.isBuffer(req.body)) parts.body = scrub(req.body);
  let text = Object.keys(parts).length ? JSON.stringify(parts) : '';
  text = text.replace(/\r/g, '\\r').replace(/\n/g, '\\n');
  return text.length > MAX_PARAMS ? `${text.slice(0, MAX_PARAMS - 1)}…` : text;
}

function escapeLine(v: string): string {
  return v.replace(/\r/g, '\\r').replace(/\n/g, '\\n');
}

export interface AuditRow {
  kind: AuditKind;
  module: string;
  outcome: 'success' | 'fail';
  errorMsg?: string;
  targetId?: string;
  /** Overrides for calls made before authentication (login). */
  userId?: number | null;
  username?: string;
  roleKey?: string;
  orgName?: string;
}

export async function writeAudit(
  db: Kysely<DB>,
  req: FastifyRequest,
  row: AuditRow,
  now: Date,
): Promise<void> {
  const a = req.auth;
  const durationMs = Number((process.hrtime.bigint() - req.startedAt) / 1_000_000n);
  const sink = req.server.operLog;
  const content: OperLogContent = {
    createdAt: now,
    userId: row.userId !== undefined ? row.userId : (a?.userId ?? null),
    username: escapeLine(row.username ?? a?.username ?? '').slice(0, 64),
    roleKey: row.roleKey ?? a?.roleKey ?? '',
    orgName: (row.orgName ?? a?.orgName ?? '').slice(0, 100),
    module: row.module.slice(0, 64),
    kind: row.kind,
    method: req.method,
    path: req.routeOptions.url ?? req.url.split('?')[0]!.slice(0, 300),
    params: auditParams(req),
    targetId: (row.targetId ?? req.auditTarget ?? '').slice(0, 64),
    ip: req.ip.slice(0, 64),
    durationMs: Math.min(durationMs, 2_147_483_647),
    outcome: row.outcome,
    errorMsg: escapeLine(row.errorMsg ?? '').slice(0, 500),
    requestId: String(req.id),
  };
  if (db.isTransaction) {
    // With the business writes: the row commits or rolls back with them.
    shipAfterCommit(db, sink, await appendOperLog(db, sink.key, content));
    return;
  }
  // On its own: group-committed with the rows of concurrent requests, resolved once committed.
  const written = await sink.writer.append(content);
  sink.syslog?.ship(written);
}
