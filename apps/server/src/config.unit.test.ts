import { describe, expect, it } from 'vitest';
import { loadConfig, workerPlan } from './config.ts';

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

describe('WORKERS and the shared state settings', () => {
  const pgUrl = 'postgres://u@127.0.0.1:5432/db';
  it('serves with one process per CPU on PostgreSQL unless WORKERS says otherwise', () => {
    expect(workerPlan(loadConfig({ DATA_DIR: '/tmp/x', DATABASE_URL: pgUrl }), 6)).toEqual({ workers: 6 });
    expect(workerPlan(loadConfig({ DATA_DIR: '/tmp/x', DATABASE_URL: pgUrl, WORKERS: '3' }), 6)).toEqual({
      workers: 3,
    });
  });

  it('keeps the embedded database to one process and says why when more were asked for', () => {
    expect(workerPlan(loadConfig({ DATA_DIR: '/tmp/x' }), 8)).toEqual({ workers: 1 });
    const plan = workerPlan(loadConfig({ DATA_DIR: '/tmp/x', WORKERS: '4' }), 8);
    expect(plan.workers).toBe(1);
    expect(plan.note).toContain('WORKERS=4 未生效，以单进程运行');
  });

  it('refuses a WORKERS that is no count and a REDIS_URL that is no Redis address, naming them', () => {
    expect(() => loadConfig({ DATA_DIR: '/tmp/x', WORKERS: '0' })).toThrow(/WORKERS/);
    expect(() => loadConfig({ DATA_DIR: '/tmp/x', WORKERS: 'two' })).toThrow(/WORKERS/);
    expect(() => loadConfig({ DATA_DIR: '/tmp/x', REDIS_URL: 'http://cache:6379' })).toThrow(
      /REDIS_URL 须为 redis:\/\/主机:端口/,
    );
    expect(loadConfig({ DATA_DIR: '/tmp/x', REDIS_URL: 'redis://:pw@cache:6379/2' }).REDIS_URL).toBe(
      'redis://:pw@cache:6379/2',
    );
  });
});
