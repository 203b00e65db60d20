import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.ts';
import { type Cluster, freePort, initCluster, pgScratchDir } from './cluster.ts';

/**
 * security.md P01: TLS to PostgreSQL. A private cluster with a certificate signed by a CA this test makes
 * (openssl), refusing plain connections: DB_SSL=verify-full with that CA connects encrypted, with another CA it
 * refuses to connect at all; require encrypts without checking; off is refused by the server.
 */
let root: string;
let cluster: Cluster;
let ca: string;
let otherCa: string;

function openssl(args: string[], cwd: string): void {
  execFileSync('openssl', args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
}

function makeCa(dir: string, name: string): void {
  openssl(
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      `/CN=${name}`,
      '-keyout',
      `${name}.key`,
      '-out',
      `${name}.pem`,
    ],
    dir,
  );
}

beforeAll(async () => {
  root = pgScratchDir('ssl');
  makeCa(root, 'test-ca');
  makeCa(root, 'other-ca');
  openssl(
    [
      'req',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-subj',
      '/CN=127.0.0.1',
      '-keyout',
      'server.key',
      '-out',
      'server.csr',
    ],
    root,
  );
  fs.writeFileSync(path.join(root, 'san.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\n');
  openssl(
    [
      'x509',
      '-req',
      '-in',
      'server.csr',
      '-CA',
      'test-ca.pem',
      '-CAkey',
      'test-ca.key',
      '-CAcreateserial',
      '-days',
      '2',
      '-extfile',
      'san.ext',
      '-out',
      'server.crt',
    ],
    root,
  );
  if (process.getuid?.() === 0)
    execFileSync('chown', [
      'postgres:postgres',
      ...['server.key', 'server.crt'].map((f) => path.join(root, f)),
    ]);
  fs.chmodSync(path.join(root, 'server.key'), 0o600);
  ca = fs.readFileSync(path.join(root, 'test-ca.pem'), 'utf8');
  otherCa = fs.readFileSync(path.join(root, 'other-ca.pem'), 'utf8');
  cluster = initCluster(root, 'ssl', await freePort(), [
    'ssl = on',
    `ssl_cert_file = '${path.join(root, 'server.crt')}'`,
    `ssl_key_file = '${path.join(root, 'server.key')}'`,
  ]);
  // Plain TCP connections are refused: only TLS gets in.
  const hba = path.join(cluster.dataDir, 'pg_hba.conf');
  fs.writeFileSync(hba, `hostnossl all all 127.0.0.1/32 reject\n${fs.readFileSync(hba, 'utf8')}`);
  cluster.start();
}, 180_000);

afterAll(() => {
  cluster?.stop();
  fs.rmSync(root, { recursive: true, force: true });
});

async function sslOfOwnConnection(opts: Parameters<typeof openDatabase>[0]): Promise<boolean> {
  const database = await openDatabase({ connectTimeoutMs: 5000, ...opts });
  try {
    const { rows } = await sql<{
      ssl: boolean;
    }>`SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()`.execute(database.db);
    return rows[0]?.ssl ?? false;
  } finally {
    await database.close();
  }
}

describe('TLS to PostgreSQL (DB_SSL, DB_SSL_CA)', () => {
  it('verify-full with the CA that signed the server certificate connects encrypted', async () => {
    expect(await sslOfOwnConnection({ databaseUrl: cluster.url(), ssl: 'verify-full', sslCa: ca })).toBe(
      true,
    );
  });

  it('verify-full refuses a server whose certificate another CA signed', async () => {
    await expect(
      sslOfOwnConnection({ databaseUrl: cluster.url(), ssl: 'verify-full', sslCa: otherCa }),
    ).rejects.toThrow(/certificate|self[- ]signed|verify/i);
  });

  it('require encrypts without checking the certificate; off is refused by a server that wants TLS', async () => {
    expect(await sslOfOwnConnection({ databaseUrl: cluster.url(), ssl: 'require', sslCa: otherCa })).toBe(
      true,
    );
    await expect(sslOfOwnConnection({ databaseUrl: cluster.url(), ssl: 'off' })).rejects.toThrow(
      /no encryption|pg_hba|rejects/i,
    );
  });
});
