import dgram from 'node:dgram';
import net from 'node:net';
import os from 'node:os';
import type { ChainedOperLog } from './log-chain.ts';

/**
 * Ships each operation-log row to a syslog server (security.md L04: logs kept in a separate store), as an
 * RFC 5424 line: facility 13 (log audit), severity informational (6) for successes and warning (4) for
 * failures, MSGID the operation kind, the row's fields as structured data (with its chain hmac, so the
 * remote copy can be matched against the database) and a short text.
 *
 * SYSLOG_URL = udp://host:514 (one datagram per row) or tcp://host:514 (RFC 6587 non-transparent
 * framing: one line per row, LF-terminated). Best effort: never awaited by a request, errors are only
 * counted and logged at most once a minute; over TCP up to 1,000 lines wait while (re)connecting, the
 * oldest dropped beyond that, a reconnect at most every 5 s.
 */
export interface SyslogShipper {
  ship(row: ChainedOperLog): void;
  /** Lines dropped or failed so far. */
  failures(): number;
  close(): Promise<void>;
}

const SD_ID = 'aqzrx@32473';
const MAX_QUEUE = 1000;
const MAX_LINE = 8192;
const RECONNECT_MS = 5000;

function sdValue(v: unknown): string {
  return String(v ?? '')
    .replace(/[\\"\]]/g, (c) => `\\${c}`)
    .replace(/\r/g, '\\r')
    .replace(/\n/g, '\\n');
}

function header(v: string, max: number): string {
  const s = v.replace(/[^\x21-\x7e]/g, '').slice(0, max);
  return s || '-';
}

/** One RFC 5424 line (no trailing LF). */
export function formatSyslog(
  row: ChainedOperLog,
  opts: { hostname?: string; appName?: string; procId?: number } = {},
): string {
  const severity = row.outcome === 'success' ? 6 : 4;
  const pri = 13 * 8 + severity;
  const sd = [
    ['id', row.id],
    ['userId', row.userId ?? ''],
    ['user', row.username],
    ['role', row.roleKey],
    ['org', row.orgName],
    ['module', row.module],
    ['kind', row.kind],
    ['outcome', row.outcome],
    ['method', row.method],
    ['path', row.path],
    ['target', row.targetId],
    ['ip', row.ip],
    ['durationMs', row.durationMs],
    ['requestId', row.requestId],
    ['hmac', row.hmac],
  ]
    .map(([k, v]) => `${k}="${sdValue(v)}"`)
    .join(' ');
  const text = `${row.module} ${row.kind} ${row.outcome}${row.errorMsg ? ` ${row.errorMsg}` : ''}`
    .replace(/\r/g, '\\r')
    .replace(/\n/g, '\\n');
  const line = [
    `<${pri}>1`,
    new Date(row.createdAt).toISOString(),
    header(opts.hostname ?? os.hostname(), 255),
    header(opts.appName ?? 'aqzrx', 48),
    header(String(opts.procId ?? process.pid), 128),
    header(row.kind, 32),
    `[${SD_ID} ${sd}]`,
    `\uFEFF${text}`,
  ].join(' ');
  const buf = Buffer.from(line);
  return buf.length > MAX_LINE
    ? buf
        .subarray(0, MAX_LINE)
        .toString()
        .replace(/\uFFFD$/, '')
    : line;
}

export function parseSyslogUrl(url: string): { protocol: 'udp' | 'tcp'; host: string; port: number } {
  const u = new URL(url);
  const protocol = u.protocol.replace(/:$/, '');
  if (protocol !== 'udp' && protocol !== 'tcp')
    throw new Error('SYSLOG_URL 须为 udp://主机:端口 或 tcp://主机:端口');
  const host = u.hostname.replace(/^\[|\]$/g, '');
  if (!host) throw new Error('SYSLOG_URL 缺少主机名');
  return { protocol, host, port: u.port ? Number(u.port) : 514 };
}

export function createSyslogShipper(
  url: string,
  onError: (err: unknown, failures: number) => void = () => undefined,
): SyslogShipper {
  const target = parseSyslogUrl(url);
  let failures = 0;
  let lastReport = 0;
  const failed = (err: unknown, n = 1) => {
    failures += n;
    const now = Date.now();
    if (now - lastReport >= 60_000) {
      lastReport = now;
      onError(err, failures);
    }
  };

  if (target.protocol === 'udp') {
    const socket = dgram.createSocket(net.isIPv6(target.host) ? 'udp6' : 'udp4');
    socket.on('error', (err) => failed(err));
    socket.unref();
    return {
      ship(row) {
        try {
          socket.send(formatSyslog(row), target.port, target.host, (err) => {
            if (err) failed(err);
          });
        } catch (err) {
          failed(err);
        }
      },
      failures: () => failures,
      close: () => new Promise((resolve) => socket.close(() => resolve())),
    };
  }

  let socket: net.Socket | null = null;
  let connected = false;
  let nextAttempt = 0;
  let closed = false;
  const queue: string[] = [];
  const drain = () => {
    if (!socket || !connected) return;
    while (queue.length) socket.write(`${queue.shift()}\n`);
  };
  const connect = () => {
    if (socket || closed || Date.now() < nextAttempt) return;
    nextAttempt = Date.now() + RECONNECT_MS;
    const s = net.connect({ host: target.host, port: target.port });
    socket = s;
    s.unref();
    s.setNoDelay(true);
    s.on('connect', () => {
      connected = true;
      drain();
    });
    s.on('error', (err) => failed(err, 0));
    s.on('close', () => {
      if (socket === s) {
        socket = null;
        connected = false;
      }
    });
  };
  return {
    ship(row) {
      queue.push(formatSyslog(row));
      if (queue.length > MAX_QUEUE)
        failed(new Error('syslog queue full'), queue.splice(0, queue.length - MAX_QUEUE).length);
      if (connected) drain();
      else connect();
    },
    failures: () => failures,
    close: async () => {
      closed = true;
      const s = socket;
      if (!s) return;
      await new Promise<void>((resolve) => {
        s.once('close', () => resolve());
        s.end();
        setTimeout(() => {
          s.destroy();
          resolve();
        }, 1000).unref();
      });
    },
  };
}
