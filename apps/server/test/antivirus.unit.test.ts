import net from 'node:net';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import {
  AntivirusError,
  antivirusOf,
  clamdAntivirus,
  InfectedFileError,
  parseClamdUrl,
  verdictError,
} from '../src/platform/antivirus.ts';
import { type ClamdStandIn, EICAR, startClamdStandIn } from './clamd-standin.ts';

/**
 * The clamd client (platform/antivirus.ts) against a stand-in that speaks clamd's INSTREAM protocol over TCP
 * (test/clamd-standin.ts): the verdicts, the chunking, back-pressure, and every way a scan can fail to happen.
 */

let clamd: ClamdStandIn;
beforeAll(async () => {
  clamd = await startClamdStandIn();
});
afterAll(() => clamd.close());

const scanner = (timeoutMs = 5_000) =>
  clamdAntivirus({ target: { host: '127.0.0.1', port: clamd.port }, timeoutMs });

/** Streams `chunks` through a scan into a sink; resolves with the bytes that came out, or rejects. */
async function scanThrough(chunks: Buffer[], timeoutMs?: number): Promise<Buffer> {
  const out: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, cb) {
      out.push(chunk);
      cb();
    },
  });
  await pipeline(Readable.from(chunks), scanner(timeoutMs).scanning(), sink);
  return Buffer.concat(out);
}

describe('clamd INSTREAM client', () => {
  it('passes a clean file through unchanged, sent as length-prefixed chunks and a terminator', async () => {
    const chunks = [Buffer.alloc(70_000, 1), Buffer.alloc(10, 2), Buffer.alloc(3 * 1024 * 1024 + 5, 3)];
    const before = clamd.scans.length;
    const out = await scanThrough(chunks);
    expect(out.equals(Buffer.concat(chunks))).toBe(true);
    const scan = clamd.scans[before];
    // The 3 MB chunk goes as pieces of at most 1 MB.
    expect(scan).toEqual({
      bytes: 70_000 + 10 + 3 * 1024 * 1024 + 5,
      chunks: 2 + 4,
      terminated: true,
      reply: 'stream: OK',
    });
  });

  it('fails with the signature when clamd finds one, also when the test string spans two chunks', async () => {
    const whole = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from(EICAR, 'latin1'), Buffer.alloc(100)]);
    const err = await scanThrough([whole.subarray(0, 30), whole.subarray(30)]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InfectedFileError);
    expect((err as InfectedFileError).signature).toBe('Eicar-Signature');
    expect(clamd.scans.at(-1)?.reply).toBe('stream: Eicar-Signature FOUND');
  });

  it('fails closed: nobody listening, a closed connection, a silent clamd, an ERROR answer', async () => {
    // A port nobody listens on.
    const free = net.createServer();
    await new Promise<void>((r) => free.listen(0, '127.0.0.1', r));
    const port = (free.address() as net.AddressInfo).port;
    await new Promise<void>((r) => free.close(() => r()));
    const nobody = clamdAntivirus({ target: { host: '127.0.0.1', port }, timeoutMs: 2_000 });
    const refused = await pipeline(
      Readable.from([Buffer.alloc(10)]),
      nobody.scanning(),
      new Writable({ write: (_c, _e, cb) => cb() }),
    ).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AntivirusError);
    expect(String(refused)).toContain('ECONNREFUSED');
    expect(await nobody.ping()).toBe(false);

    try {
      clamd.mode = 'refuse';
      expect(await scanThrough([Buffer.alloc(10)]).catch((e: unknown) => e)).toBeInstanceOf(AntivirusError);
      expect(await scanner().ping()).toBe(false);

      clamd.mode = 'silent';
      const started = Date.now();
      const silent = await scanThrough([Buffer.alloc(10)], 1_000).catch((e: unknown) => e);
      expect(silent).toBeInstanceOf(AntivirusError);
      expect(String(silent)).toContain('did not answer within 1000 ms');
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      clamd.mode = 'answer';
    }

    // Past clamd's StreamMaxLength it answers ERROR and closes while the file is still being sent.
    clamd.streamMaxLength = 1024 * 1024;
    try {
      const big = Array.from({ length: 40 }, () => Buffer.alloc(64 * 1024, 7));
      const err = await scanThrough(big).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AntivirusError);
      expect(String(err)).toContain('INSTREAM size limit exceeded. ERROR');
    } finally {
      clamd.streamMaxLength = 25 * 1024 * 1024;
    }
    expect(await scanner().ping()).toBe(true);

    // A clamd that says OK before it has seen the file is not believed.
    const hasty = net.createServer((socket) => {
      socket.on('error', () => undefined);
      socket.resume();
      socket.end('stream: OK\0');
    });
    await new Promise<void>((r) => hasty.listen(0, '127.0.0.1', r));
    const hastyAv = clamdAntivirus({
      target: { host: '127.0.0.1', port: (hasty.address() as net.AddressInfo).port },
      timeoutMs: 2_000,
    });
    for (const chunks of [[Buffer.alloc(10)], [Buffer.alloc(10), Buffer.alloc(10)]]) {
      const early = await pipeline(
        Readable.from(chunks, { objectMode: false }),
        async function* (source: AsyncIterable<Buffer>) {
          // The answer arrives between two chunks (2 chunks) or before the end of the stream (1 chunk).
          for await (const c of source) {
            yield c;
            await new Promise((r) => setTimeout(r, 100));
          }
        },
        hastyAv.scanning(),
        new Writable({ write: (_c, _e, cb) => cb() }),
      ).catch((e: unknown) => e);
      expect(early).toBeInstanceOf(AntivirusError);
      expect(String(early)).toContain('answered before the end of the file');
    }
    await new Promise<void>((r) => hasty.close(() => r()));
  });

  it('keeps memory bounded: a slow clamd holds the stream back instead of buffering it', async () => {
    const FILE = 32 * 1024 * 1024;
    // A clamd that reads slowly: 40 MB/s, pausing its socket whenever it is ahead of that.
    let got = 0;
    const slow = net.createServer((socket) => {
      const started = Date.now();
      socket.on('data', (c: Buffer) => {
        got += c.length;
        if (got >= FILE + 10) {
          // Data may still arrive after the answer (the end of the stream in a later chunk): answer once.
          if (!socket.writableEnded) socket.end('stream: OK\0');
          return;
        }
        const due = got / (40 * 1024) - (Date.now() - started);
        if (due > 0) {
          socket.pause();
          setTimeout(() => socket.resume(), due);
        }
      });
    });
    await new Promise<void>((r) => slow.listen(0, '127.0.0.1', r));
    const port = (slow.address() as net.AddressInfo).port;
    let consumed = 0;
    let maxAhead = 0;
    const source = Readable.from(
      (function* () {
        for (let n = 0; n < FILE; n += 64 * 1024) yield Buffer.alloc(64 * 1024, 5);
      })(),
    );
    const sink = new Writable({
      write(chunk: Buffer, _e, cb) {
        consumed += chunk.length;
        // What passed the scan but clamd has not read yet is held in buffers (ours and the kernel's).
        maxAhead = Math.max(maxAhead, consumed - got);
        cb();
      },
    });
    const av = clamdAntivirus({ target: { host: '127.0.0.1', port }, timeoutMs: 10_000 });
    await pipeline(source, av.scanning(), sink);
    await new Promise<void>((r) => slow.close(() => r()));
    expect(consumed).toBe(FILE);
    // Without back-pressure the whole file would pass at once, far ahead of clamd.
    expect(maxAhead).toBeLessThan(8 * 1024 * 1024);
  });

  it('reads the verdicts and the settings', () => {
    expect(verdictError('stream: OK')).toBeUndefined();
    expect(verdictError('stream: Win.Test.EICAR_HDB-1 FOUND')).toMatchObject({
      signature: 'Win.Test.EICAR_HDB-1',
    });
    expect(verdictError('INSTREAM size limit exceeded. ERROR')).toBeInstanceOf(AntivirusError);
    expect(parseClamdUrl('tcp://clamav:3310')).toEqual({ host: 'clamav', port: 3310 });
    expect(parseClamdUrl('tcp://[::1]:3310')).toEqual({ host: '::1', port: 3310 });
    expect(parseClamdUrl('unix:/run/clamav/clamd.ctl')).toEqual({ path: '/run/clamav/clamd.ctl' });
    expect(parseClamdUrl('http://clamav:3310')).toBeUndefined();
    expect(parseClamdUrl('tcp://clamav')).toBeUndefined();
    expect(parseClamdUrl('tcp://clamav:70000')).toBeUndefined();

    const base = { DATA_DIR: '/tmp/x' };
    const off = loadConfig(base);
    expect(off.AV_SCAN).toBe(false);
    expect(antivirusOf(off).enabled).toBe(false);
    const on = loadConfig({ ...base, AV_SCAN: 'on', CLAMD_URL: 'tcp://av.internal:3310' });
    expect(antivirusOf(on)).toMatchObject({ enabled: true, location: 'tcp://av.internal:3310' });
    expect(() => loadConfig({ ...base, CLAMD_URL: 'clamav:3310' })).toThrow(
      /CLAMD_URL 须为 tcp:\/\/主机:端口 或 unix:\/套接字路径/,
    );
    // Production scans uploads: off is refused unless on the public demo data.
    const prod = { ...base, NODE_ENV: 'production', LOG_HMAC_KEY: 'config-test-log-hmac-key-0123456789ab' };
    expect(() => loadConfig(prod)).toThrow(/AV_SCAN=off 只用于开发和测试/);
    expect(loadConfig({ ...prod, AV_SCAN: 'on' }).AV_SCAN).toBe(true);
    expect(loadConfig({ ...prod, SEED_DEMO: 'on', MFA: 'on' }).AV_SCAN).toBe(false);
  });
});
