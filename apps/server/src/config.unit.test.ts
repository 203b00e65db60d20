import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('MFA and lock settings', () => {
  it('has the second factor on and the account-wide lock at 50 by default', () => {
    const c = loadConfig({ DATA_DIR: '/tmp/x' });
    expect(c.MFA).toBe(true);
    expect(c.LOCK_THRESHOLD).toBe(5);
    expect(c.ACCOUNT_LOCK_THRESHOLD).toBe(50);
  });

  it('takes MFA=off for tests and scripts, refuses it in production unless on the public demo data', () => {
    expect(loadConfig({ NODE_ENV: 'test', MFA: 'off', DATA_DIR: '/tmp/x' }).MFA).toBe(false);
    // Production also needs the operation log's chain key (LOG_HMAC_KEY); given here so only MFA decides.
    const prod = {
      NODE_ENV: 'production',
      LOG_HMAC_KEY: 'config-test-log-hmac-key-0123456789ab',
      DATA_DIR: '/tmp/x',
    };
    expect(() => loadConfig({ ...prod, MFA: 'off' })).toThrow(/MFA=off 只用于测试和脚本/);
    expect(loadConfig({ ...prod, MFA: 'off', SEED_DEMO: 'on' }).MFA).toBe(false);
  });

  it('needs the account-wide lock above the per-client one', () => {
    expect(() =>
      loadConfig({ LOCK_THRESHOLD: '10', ACCOUNT_LOCK_THRESHOLD: '10', DATA_DIR: '/tmp/x' }),
    ).toThrow(/ACCOUNT_LOCK_THRESHOLD 须大于 LOCK_THRESHOLD/);
  });
});

describe('TLS to PostgreSQL settings', () => {
  it('takes DB_SSL_CA only as an existing file with DB_SSL=verify-full, resolved to an absolute path', () => {
    const file = `${process.cwd()}/package.json`;
    expect(loadConfig({ DATA_DIR: '/tmp/x', DB_SSL: 'verify-full', DB_SSL_CA: file }).DB_SSL_CA).toBe(file);
    expect(() => loadConfig({ DATA_DIR: '/tmp/x', DB_SSL: 'require', DB_SSL_CA: file })).toThrow(/DB_SSL_CA/);
    expect(() =>
      loadConfig({ DATA_DIR: '/tmp/x', DB_SSL: 'verify-full', DB_SSL_CA: '/nonexistent/ca.pem' }),
    ).toThrow(/DB_SSL_CA 须为存在的 CA 证书/);
  });
});
