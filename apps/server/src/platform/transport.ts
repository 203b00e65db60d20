import fs from 'node:fs';
import http from 'node:http';
import type { ServerOptions as HttpsServerOptions } from 'node:https';
import { ErrorReason } from '@aqzrx/contracts';
import type { Config } from '../config.ts';

/**
 * Transport (security.md P01; issue 17 finding 12). With HTTPS=on the server speaks TLS 1.2 and 1.3 only,
 * TLS 1.2 with forward-secret AEAD suites only (Mozilla "intermediate"; TLS 1.3 suites are all AEAD and keep
 * Node's defaults). Plain HTTP is answered only on HTTP_PORT, and only to send people to HTTPS: pages get a
 * 308 redirect, API calls a 403 that does nothing (an API client that followed a redirect would already
 * have sent its token and body in the clear). HSTS is on every response (security-headers.ts). National
 * (国密 TLCP/SM2) TLS for 密评 is terminated by a gateway in front of this server (docs/ARCHITECTURE.md).
 */
export const TLS_MIN_VERSION = 'TLSv1.2';

/** TLS 1.2 suites: ECDHE key exchange with AES-GCM or ChaCha20-Poly1305, nothing CBC, RSA-kx or SHA-1. */
export const TLS12_CIPHERS = [
  'ECDHE-ECDSA-AES128-GCM-SHA256',
  'ECDHE-RSA-AES128-GCM-SHA256',
  'ECDHE-ECDSA-AES256-GCM-SHA384',
  'ECDHE-RSA-AES256-GCM-SHA384',
  'ECDHE-ECDSA-CHACHA20-POLY1305',
  'ECDHE-RSA-CHACHA20-POLY1305',
].join(':');

function readPem(file: string, setting: string): Buffer {
  try {
    return fs.readFileSync(file);
  } catch (err) {
    throw new Error(`无法读取 ${setting} 文件 ${file}：${(err as Error).message}（请设置为 PEM 文件的路径）`);
  }
}

/** The HTTPS server options of HTTPS=on (the certificate chain and key are read once, at start). */
export function tlsServerOptions(config: Pick<Config, 'TLS_CERT' | 'TLS_KEY'>): HttpsServerOptions {
  if (!config.TLS_CERT || !config.TLS_KEY) throw new Error('HTTPS=on 时须设置 TLS_CERT 和 TLS_KEY');
  return {
    cert: readPem(config.TLS_CERT, 'TLS_CERT'),
    key: readPem(config.TLS_KEY, 'TLS_KEY'),
    minVersion: TLS_MIN_VERSION,
    maxVersion: 'TLSv1.3',
    ciphers: TLS12_CIPHERS,
    honorCipherOrder: true,
  };
}

export const HTTPS_REQUIRED_MESSAGE =
  '本系统只接受 HTTPS 加密连接，明文 HTTP 接口请求已拒绝且未做任何处理。请改用 https:// 地址访问；如已泄露登录令牌，请重新登录。';

const HOSTNAME =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$|^\[[0-9a-f:.]+\]$/i;

/** The host name of a Host header (port dropped), or undefined when it is not a plain host name or address. */
function hostnameOf(host: string | undefined): string | undefined {
  if (!host) return undefined;
  const m = /^(\[[^\]]+\]|[^:]+)(?::\d{1,5})?$/.exec(host.trim());
  const name = m?.[1];
  return name && HOSTNAME.test(name) ? name.toLowerCase() : undefined;
}

/**
 * The plain-HTTP listener of HTTPS=on (HTTP_PORT): `/api` answers 403 with the platform's JSON envelope,
 * anything else 308 to the same path on HTTPS (port `httpsPort`, left out when 443). The body is never read
 * and the connection is closed after the answer.
 */
export function createPlainHttpRedirector(httpsPort: number): http.Server {
  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    res.setHeader('connection', 'close');
    res.setHeader('cache-control', 'no-store');
    if (url === '/api' || url.startsWith('/api/') || url.startsWith('/api?')) {
      const body = JSON.stringify({
        error: 403,
        apiError: 403,
        result: HTTPS_REQUIRED_MESSAGE,
        code: ErrorReason.HTTPS_REQUIRED,
      });
      res.writeHead(403, { 'content-type': 'application/json; charset=utf-8' }).end(body);
      return;
    }
    const host = hostnameOf(req.headers.host);
    if (!host || !url.startsWith('/')) {
      res
        .writeHead(400, { 'content-type': 'text/plain; charset=utf-8' })
        .end('请求格式有误：请使用 https:// 地址访问');
      return;
    }
    const port = httpsPort === 443 ? '' : `:${httpsPort}`;
    res.writeHead(308, {
      location: `https://${host}${port}${url}`,
      'content-type': 'text/plain; charset=utf-8',
    });
    res.end('请使用 HTTPS 访问本系统');
  });
  // Nothing here takes long: slow or idle clients are dropped quickly.
  server.headersTimeout = 10_000;
  server.requestTimeout = 10_000;
  server.keepAliveTimeout = 1_000;
  return server;
}
