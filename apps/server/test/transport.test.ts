import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import tls from 'node:tls';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { openPglite } from '../src/db/database.ts';
import { HTTPS_REQUIRED_MESSAGE, tlsServerOptions } from '../src/platform/transport.ts';
import { killAll, removeTempDirs, type ServerProc, startServer, tempDir } from './process-helpers.ts';

/**
 * Transport (issue 17 finding 12, security.md P01): the real server started with HTTPS=on and a certificate
 * made here with openssl serves TLS 1.2 and 1.3 only; plain HTTP on HTTP_PORT refuses API calls and redirects
 * pages. Needs the `openssl` command (Debian package openssl).
 */

let server: ServerProc;
let plainPort: number;
let cert: Buffer;

beforeAll(async () => {
  const dir = tempDir('tls');
  const certFile = path.join(dir, 'cert.pem');
  const keyFile = path.join(dir, 'key.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
    ],
    { stdio: 'pipe' },
  );
  cert = fs.readFileSync(certFile);
  // The run's migrated, seeded template (global setup's PGlite dump), written out as a data directory; the
  // PostgreSQL pass has none, and the server migrates and seeds an empty embedded database itself.
  const dump = inject('templateDump');
  if (dump) {
    const pglite = await openPglite(path.join(dir, 'pgdata'), new Blob([fs.readFileSync(dump)]));
    await pglite.close();
  }
  server = await startServer(
    {
      DATA_DIR: dir,
      HTTPS: 'on',
      TLS_CERT: certFile,
      TLS_KEY: keyFile,
      HTTP_PORT: '0',
    },
    80_000,
  );
  plainPort = Number(/明文 HTTP 端口: (\d+)/.exec(server.stdout())?.[1]);
  expect(plainPort).toBeGreaterThan(0);
  expect(server.stdout()).toMatch(/已启动: https:\/\/localhost:\d+/);
}, 90_000);

afterAll(async () => {
  await killAll();
  removeTempDirs();
});

/** A TLS handshake with the given protocol range; resolves with the protocol and cipher, or the error code. */
function handshake(
  opts: tls.ConnectionOptions,
): Promise<{ protocol?: string | null; cipher?: string; error?: string }> {
  return new Promise((resolve) => {
    const socket = tls.connect({
      host: '127.0.0.1',
      port: server.port,
      servername: 'localhost',
      ca: cert,
      ...opts,
    });
    socket.once('secureConnect', () => {
      resolve({ protocol: socket.getProtocol(), cipher: socket.getCipher().name });
      socket.end();
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
  });
}

function plain(
  method: string,
  url: string,
  host = `localhost:${plainPort}`,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port: plainPort, method, path: url, headers: { host } },
      (res) => {
        let body = '';
        res.setEncoding('utf8').on('data', (d: string) => {
          body += d;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(method === 'POST' ? JSON.stringify({ username: 'admin', password: 'x' }) : undefined);
  });
}

describe('HTTPS=on', () => {
  it('refuses a TLS 1.1 client (the server answers protocol_version)', async () => {
    const r = await handshake({ minVersion: 'TLSv1', maxVersion: 'TLSv1.1', ciphers: 'DEFAULT@SECLEVEL=0' });
    expect(r.protocol).toBeUndefined();
    expect(r.error).toBe('ERR_SSL_TLSV1_ALERT_PROTOCOL_VERSION');
  });

  it('accepts TLS 1.2 with a forward-secret AEAD suite and refuses CBC suites', async () => {
    const r = await handshake({ minVersion: 'TLSv1.2', maxVersion: 'TLSv1.2' });
    expect(r.protocol).toBe('TLSv1.2');
    expect(r.cipher).toMatch(/^ECDHE-ECDSA-(AES(128|256)-GCM-SHA(256|384)|CHACHA20-POLY1305)$/);
    const cbc = await handshake({
      minVersion: 'TLSv1.2',
      maxVersion: 'TLSv1.2',
      ciphers: 'ECDHE-ECDSA-AES128-SHA',
    });
    expect(cbc.protocol).toBeUndefined();
    expect(cbc.error).toBeDefined();
  });

  it('serves the API over TLS 1.3 with HSTS', async () => {
    const res = await new Promise<{
      status: number;
      headers: http.IncomingHttpHeaders;
      protocol: string | null;
      body: string;
    }>((resolve, reject) => {
      const req = https.get(
        {
          host: '127.0.0.1',
          port: server.port,
          path: '/api/health',
          servername: 'localhost',
          ca: cert,
          minVersion: 'TLSv1.3',
        },
        (r) => {
          // Read while the response holds its socket (it is let go at the end).
          const protocol = (r.socket as tls.TLSSocket).getProtocol();
          let body = '';
          r.setEncoding('utf8').on('data', (d: string) => {
            body += d;
          });
          r.on('end', () =>
            resolve({
              status: r.statusCode ?? 0,
              headers: r.headers,
              protocol,
              body,
            }),
          );
        },
      );
      req.on('error', reject);
    });
    expect(res.status).toBe(200);
    expect(res.protocol).toBe('TLSv1.3');
    expect(JSON.parse(res.body).data).toEqual({ status: 'ok' });
    expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000; includeSubDomains/);
  });

  it('refuses plain-HTTP API calls with 403 and a Chinese message, never redirecting them', async () => {
    for (const [method, url] of [
      ['GET', '/api/health'],
      ['POST', '/api/login'],
    ] as const) {
      const res = await plain(method, url);
      expect(res.status).toBe(403);
      expect(res.headers.location).toBeUndefined();
      expect(JSON.parse(res.body)).toEqual({
        error: 403,
        apiError: 403,
        result: HTTPS_REQUIRED_MESSAGE,
        code: 'HTTPS_REQUIRED',
      });
    }
  });

  it('redirects a plain-HTTP page to the same path on HTTPS (308)', async () => {
    const res = await plain('GET', '/user/login?redirect=%2Fhome');
    expect(res.status).toBe(308);
    expect(res.headers.location).toBe(`https://localhost:${server.port}/user/login?redirect=%2Fhome`);
    // A Host header that is not a host name is not echoed into a redirect.
    expect((await plain('GET', '/', 'evil.example/x')).status).toBe(400);
  });

  it('does not answer plain HTTP on the HTTPS port', async () => {
    const answered = await new Promise<boolean>((resolve) => {
      const req = http.get({ host: '127.0.0.1', port: server.port, path: '/api/health' }, (res) => {
        res.resume();
        resolve(res.statusCode === 200);
      });
      req.on('error', () => resolve(false));
      req.setTimeout(5000, () => req.destroy());
    });
    expect(answered).toBe(false);
  });
});

describe('transport and upload settings', () => {
  it('HTTPS=on needs TLS_CERT and TLS_KEY; HTTP_PORT only goes with HTTPS; unreadable files stop the start', () => {
    expect(() => loadConfig({ HTTPS: 'on', TLS_CERT: '/tmp/c.pem' })).toThrow(
      /HTTPS=on 时须设置 TLS_CERT（证书链 PEM 文件路径）和 TLS_KEY（私钥 PEM 文件路径）/,
    );
    expect(() => loadConfig({ HTTP_PORT: '80' })).toThrow(/HTTP_PORT 仅在 HTTPS=on 时使用/);
    const config = loadConfig({ HTTPS: 'on', TLS_CERT: '/nonexistent/c.pem', TLS_KEY: '/nonexistent/k.pem' });
    expect(() => tlsServerOptions(config)).toThrow(/^无法读取 TLS_CERT 文件 \/nonexistent\/c\.pem：/);
  });

  it('has the documented defaults: HTTPS off, 5 GB per user per day, 50 GB per organisation, 1 GB floor, 24 h', () => {
    const c = loadConfig({});
    expect(c.HTTPS).toBe(false);
    expect([
      c.UPLOAD_USER_DAILY_MB,
      c.UPLOAD_ORG_TOTAL_MB,
      c.UPLOAD_MIN_FREE_MB,
      c.UPLOAD_ORPHAN_HOURS,
    ]).toEqual([5120, 51200, 1024, 24]);
  });
});
