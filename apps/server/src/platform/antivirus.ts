import net from 'node:net';
import { PassThrough, Transform, type TransformCallback } from 'node:stream';
import type { Config } from '../config.ts';

/**
 * Antivirus scanning of uploads (security.md F02: files are scanned before they can be served), by ClamAV's
 * daemon clamd over its socket protocol (clamd(8), "INSTREAM"). A scan is a pass-through stream: the bytes flow
 * on to the storage while they are sent to clamd, and the stream ends only after clamd's verdict, so the storage
 * (whose put keeps nothing when its body fails, platform/storage) never completes an infected file, and nothing
 * is held in memory beyond the socket's buffer.
 *
 * The protocol (one connection per file): `zINSTREAM\0`, then the bytes as chunks of a 4-byte unsigned big-endian
 * length followed by that many bytes, then a zero length; clamd answers one NUL-terminated line: `stream: OK`,
 * `stream: <signature> FOUND`, or `<reason> ERROR` (e.g. `INSTREAM size limit exceeded. ERROR` past its
 * StreamMaxLength, after which it closes the connection).
 */

/** clamd found a signature in the file. */
export class InfectedFileError extends Error {
  readonly signature: string;
  constructor(signature: string) {
    super(`antivirus: ${signature} FOUND`);
    this.name = 'InfectedFileError';
    this.signature = signature;
  }
}

/** The scan could not be made (clamd unreachable, timed out, answered an error): the file is not accepted. */
export class AntivirusError extends Error {
  constructor(message: string, cause?: unknown) {
    super(`antivirus: ${message}`, cause === undefined ? undefined : { cause });
    this.name = 'AntivirusError';
  }
}

export interface Antivirus {
  /** False with AV_SCAN=off: scanning() passes the bytes through unscanned. */
  readonly enabled: boolean;
  /** For logs: where clamd is. */
  readonly location: string;
  /**
   * A pass-through stream scanning what flows through it. It ends once clamd found the bytes clean; it fails
   * with InfectedFileError when clamd found a signature, with AntivirusError when no verdict could be had.
   */
  scanning(): Transform;
  /** Whether clamd answers `PING` with `PONG` (the readiness probe); true when scanning is off. */
  ping(): Promise<boolean>;
}

/** Where clamd listens: `tcp://host:port` or `unix:/path/to/clamd.sock`. */
export type ClamdTarget = { host: string; port: number } | { path: string };

const CLAMD_URL = /^tcp:\/\/(\[[0-9a-fA-F:]+\]|[^/:[\]]+):(\d{1,5})\/?$/;

/** Parses CLAMD_URL; undefined when it is not one of the two forms. */
export function parseClamdUrl(url: string): ClamdTarget | undefined {
  const tcp = CLAMD_URL.exec(url.trim());
  if (tcp) {
    const port = Number(tcp[2]);
    if (port < 1 || port > 65535) return undefined;
    return { host: (tcp[1] ?? '').replace(/^\[|\]$/g, ''), port };
  }
  const unix = /^unix:(\/[^\0]+)$/.exec(url.trim());
  return unix ? { path: unix[1] ?? '' } : undefined;
}

const targetName = (t: ClamdTarget) => ('path' in t ? `unix:${t.path}` : `tcp://${t.host}:${t.port}`);

/** No scanning (AV_SCAN=off, and the files the server makes itself). */
export const antivirusOff: Antivirus = {
  enabled: false,
  location: 'off',
  scanning: () => new PassThrough(),
  ping: async () => true,
};

export interface ClamdOptions {
  target: ClamdTarget;
  /** Longest silence of clamd (no verdict, no room in the socket) before the scan fails; also the connect limit. */
  timeoutMs: number;
}

/** Bytes per INSTREAM chunk at most (uploads arrive in chunks of 64 KB; a larger one is split). */
const MAX_CHUNK = 1024 * 1024;
/** Connecting takes at most this long even when timeoutMs is longer (an unreachable host answers 503 soon). */
const CONNECT_MS = 5_000;

export function clamdAntivirus(opts: ClamdOptions): Antivirus {
  return {
    enabled: true,
    location: targetName(opts.target),
    scanning: () => new ClamdScan(opts),
    ping: () => clamdPing(opts),
  };
}

/** A connection to clamd that collects its NUL-terminated answer, or the reason there will be none. */
class ClamdConnection {
  readonly socket: net.Socket;
  /** The answer once it came (without its NUL), or the failure. */
  outcome: { reply: string } | { error: AntivirusError } | undefined;
  private received = '';
  private readonly listeners = new Set<() => void>();

  constructor(opts: ClamdOptions, command: string) {
    const where = targetName(opts.target);
    this.socket = net.connect(opts.target as net.NetConnectOpts);
    const connectTimer = setTimeout(
      () => this.fail(new AntivirusError(`clamd at ${where} did not accept a connection`)),
      Math.min(CONNECT_MS, opts.timeoutMs),
    );
    this.socket.once('connect', () => clearTimeout(connectTimer));
    this.socket.setTimeout(opts.timeoutMs, () =>
      this.fail(new AntivirusError(`clamd at ${where} did not answer within ${opts.timeoutMs} ms`)),
    );
    this.socket.setEncoding('latin1');
    this.socket.on('data', (text: string) => {
      this.received += text;
      const end = this.received.indexOf('\0');
      if (end >= 0) this.settle({ reply: this.received.slice(0, end).trim() });
      else if (this.received.length > 4096) this.fail(new AntivirusError('clamd answered an overlong line'));
    });
    this.socket.on('error', (err) => this.fail(new AntivirusError(`clamd at ${where}: ${err.message}`, err)));
    this.socket.on('close', () => {
      clearTimeout(connectTimer);
      const partial = this.received.trim();
      // nINSTREAM-style answers end with a newline instead; clamd may also close right after a line.
      if (partial) this.settle({ reply: partial });
      else this.fail(new AntivirusError(`clamd at ${where} closed the connection without a verdict`));
    });
    this.socket.on('drain', () => this.notify());
    this.socket.write(`z${command}\0`);
  }

  /** Calls fn once, at the next drain or when the outcome is known. */
  wake(fn: () => void): void {
    this.listeners.add(fn);
  }

  private notify(): void {
    const fns = [...this.listeners];
    this.listeners.clear();
    for (const fn of fns) fn();
  }

  private settle(outcome: NonNullable<ClamdConnection['outcome']>): void {
    if (this.outcome) return;
    this.outcome = outcome;
    this.socket.destroy();
    this.notify();
  }

  fail(error: AntivirusError): void {
    this.settle({ error });
  }

  close(): void {
    this.socket.destroy();
  }
}

/** The error a clamd answer to a scan stands for; undefined for `stream: OK`. */
export function verdictError(reply: string): Error | undefined {
  if (/^(stream: )?OK$/.test(reply)) return undefined;
  const found = /^(?:stream: )?(.+) FOUND$/.exec(reply);
  if (found) return new InfectedFileError(found[1] ?? 'unknown');
  return new AntivirusError(`clamd answered "${reply.slice(0, 200)}"`);
}

class ClamdScan extends Transform {
  private conn: ClamdConnection | undefined;
  private readonly opts: ClamdOptions;

  constructor(opts: ClamdOptions) {
    super();
    this.opts = opts;
  }

  private connection(): ClamdConnection {
    this.conn ??= new ClamdConnection(this.opts, 'INSTREAM');
    return this.conn;
  }

  /** The failure a verdict that came before the end of the stream stands for (clamd gave up early). */
  private early(conn: ClamdConnection): Error | undefined {
    const o = conn.outcome;
    if (!o) return undefined;
    if ('error' in o) return o.error;
    return verdictError(o.reply) ?? new AntivirusError('clamd answered before the end of the file');
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, cb: TransformCallback): void {
    const conn = this.connection();
    const early = this.early(conn);
    if (early) {
      cb(early);
      return;
    }
    let room = true;
    for (let at = 0; at < chunk.length; at += MAX_CHUNK) {
      const piece = chunk.subarray(at, at + MAX_CHUNK);
      const length = Buffer.alloc(4);
      length.writeUInt32BE(piece.length);
      conn.socket.write(length);
      room = conn.socket.write(piece);
    }
    if (room) {
      cb(null, chunk);
      return;
    }
    // Back-pressure: the next chunk waits until clamd took this one (or gave its answer).
    conn.wake(() => {
      const failed = this.early(conn);
      cb(failed ?? null, failed ? undefined : chunk);
    });
  }

  override _flush(cb: TransformCallback): void {
    const conn = this.connection();
    // An answer before the terminator is no verdict on the whole file (even `stream: OK`).
    const early = this.early(conn);
    if (early) {
      conn.close();
      cb(early);
      return;
    }
    conn.socket.write(Buffer.alloc(4));
    const done = () => {
      const o = conn.outcome;
      if (!o) {
        conn.wake(done);
        return;
      }
      conn.close();
      cb('error' in o ? o.error : verdictError(o.reply));
    };
    done();
  }

  override _destroy(err: Error | null, cb: (error: Error | null) => void): void {
    this.conn?.close();
    cb(err);
  }
}

/** A readiness probe answers within a second or so: a PING that takes longer counts as clamd down. */
const PING_MS = 1_000;

async function clamdPing(opts: ClamdOptions): Promise<boolean> {
  const conn = new ClamdConnection({ ...opts, timeoutMs: Math.min(opts.timeoutMs, PING_MS) }, 'PING');
  const outcome = await new Promise<NonNullable<ClamdConnection['outcome']>>((resolve) => {
    const check = () => (conn.outcome ? resolve(conn.outcome) : conn.wake(check));
    check();
  });
  conn.close();
  return 'reply' in outcome && outcome.reply === 'PONG';
}

/** The scanner the settings name: clamd at CLAMD_URL with AV_SCAN=on, none with off. */
export function antivirusOf(config: Pick<Config, 'AV_SCAN' | 'CLAMD_URL' | 'AV_TIMEOUT_MS'>): Antivirus {
  if (!config.AV_SCAN) return antivirusOff;
  const target = parseClamdUrl(config.CLAMD_URL);
  if (!target) throw new Error(`invalid CLAMD_URL: ${config.CLAMD_URL}`);
  return clamdAntivirus({ target, timeoutMs: config.AV_TIMEOUT_MS });
}
