import { randomBytes } from 'node:crypto';
import net from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { type Database, openDatabase } from '../../src/db/database.ts';
import { pgUrl } from '../global-setup.ts';
import { DEMO_PASSWORD } from '../helpers.ts';

/** A TCP proxy in front of PostgreSQL that the test can cut and restore (security.md R03). */
class CuttableProxy {
  private server: net.Server | undefined;
  private sockets = new Set<net.Socket>();
  port = 0;
  private readonly host: string;
  private readonly targetPort: number;
  constructor(host: string, targetPort: number) {
    this.host = host;
    this.targetPort = targetPort;
  }
  async up(): Promise<void> {
    this.server = net.createServer((client) => {
      const upstream = net.connect(this.targetPort, this.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => s.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
  }
  async down(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = undefined;
  }
}

describe('PostgreSQL outage (runs in the PostgreSQL pass only: test/postgres is excluded on PGlite)', () => {
  const base = process.env.TEST_DATABASE_URL ?? '';
  const name = `${inject('testDbPrefix')}${randomBytes(6).toString('hex')}`;
  let admin: pg.Client;
  let proxy: CuttableProxy;
  let database: Database;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let token: string;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('templateDb')}`);
    const u = new URL(base);
    proxy = new CuttableProxy(u.hostname, Number(u.port || 5432));
    await proxy.up();
    const viaProxy = new URL(pgUrl(base, name));
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    database = await openDatabase({
      databaseUrl: viaProxy.toString(),
      poolMax: 4,
      connectTimeoutMs: 2000,
      onPoolError: () => {},
    });
    app = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        CAPTCHA: 'off',
        MFA: 'off',
        DATA_DIR: '/tmp/aqzrx-test-unused',
      }),
      database,
      logger: false,
    });
    await app.ready();
    const res = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'gov', password: DEMO_PASSWORD },
    });
    token = res.json().data.token;
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await proxy?.down();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  const call = (url: string) => app.inject({ method: 'POST', url, headers: { 'x-token': token } });

  it('answers 503 with Retry-After within 5 s while the database is gone, and recovers by itself', async () => {
    expect((await call('/api/role/getAllRole')).statusCode).toBe(200);
    await proxy.down();
    const started = Date.now();
    const res = await call('/api/role/getAllRole');
    expect(Date.now() - started).toBeLessThan(5000);
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBeDefined();
    expect(res.json()).toMatchObject({
      error: 503,
      result: '服务暂时不可用，请稍后重试',
      code: 'DB_UNAVAILABLE',
    });
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(503);

    await proxy.up();
    const deadline = Date.now() + 10_000;
    let status = 0;
    while (Date.now() < deadline) {
      status = (await call('/api/role/getAllRole')).statusCode;
      if (status === 200) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(status).toBe(200);
    let ok = 0;
    for (let i = 0; i < 50; i++) if ((await call('/api/role/getAllRole')).statusCode === 200) ok++;
    expect(ok).toBe(50);
    expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
  });
});
