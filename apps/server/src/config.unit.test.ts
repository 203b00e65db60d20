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

  it('takes CAPTCHA=off for tests and scripts, refuses it in production unless on the public demo data', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/x' }).CAPTCHA).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test', CAPTCHA: 'off', DATA_DIR: '/tmp/x' }).CAPTCHA).toBe(false);
    const prod = {
      NODE_ENV: 'production',
      LOG_HMAC_KEY: 'config-test-log-hmac-key-0123456789ab',
      AV_SCAN: 'on',
      DATA_DIR: '/tmp/x',
    };
    expect(loadConfig(prod).CAPTCHA).toBe(true);
    expect(() => loadConfig({ ...prod, CAPTCHA: 'off' })).toThrow(
      /CAPTCHA=off 只用于测试和脚本，生产环境（NODE_ENV=production）必须开启登录滑块验证/,
    );
    expect(loadConfig({ ...prod, CAPTCHA: 'off', SEED_DEMO: 'on' }).CAPTCHA).toBe(false);
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

describe('file storage settings', () => {
  const s3 = {
    DATA_DIR: '/tmp/x',
    STORAGE: 's3',
    S3_ENDPOINT: 'https://oss-cn-shanghai.aliyuncs.com',
    S3_REGION: 'oss-cn-shanghai',
    S3_BUCKET: 'aqzrx-files',
    S3_ACCESS_KEY_ID: 'AKID',
    S3_SECRET_ACCESS_KEY: 'secret',
  };

  it('keeps files in the shared directory by default, with virtual-hosted S3 addressing when s3 is chosen', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/x' })).toMatchObject({
      STORAGE: 'local',
      uploadDir: '/tmp/x/uploads',
    });
    expect(loadConfig(s3)).toMatchObject({
      STORAGE: 's3',
      S3_FORCE_PATH_STYLE: false,
      S3_BUCKET: 'aqzrx-files',
    });
    expect(loadConfig({ ...s3, S3_FORCE_PATH_STYLE: 'on' }).S3_FORCE_PATH_STYLE).toBe(true);
  });

  it('refuses STORAGE=s3 without one of its settings, naming each missing one', () => {
    expect(() => loadConfig({ ...s3, S3_REGION: '' })).toThrow(
      '环境变量配置有误:\n  STORAGE=s3 时须设置 S3_REGION（对象存储的服务地址、区域、存储桶和访问密钥）',
    );
    const { S3_ENDPOINT: _e, S3_ACCESS_KEY_ID: _k, ...without } = s3;
    expect(() => loadConfig(without)).toThrow('STORAGE=s3 时须设置 S3_ENDPOINT、S3_ACCESS_KEY_ID（');
    // The S3 settings alone do not switch the storage.
    expect(loadConfig({ ...s3, STORAGE: 'local', S3_BUCKET: '' }).STORAGE).toBe('local');
  });

  it('refuses an endpoint that is not an http(s) address of a host, and an unknown storage', () => {
    expect(() => loadConfig({ ...s3, S3_ENDPOINT: 'oss-cn-shanghai.aliyuncs.com' })).toThrow(
      /S3_ENDPOINT 须为 http\(s\):\/\/主机\[:端口\]/,
    );
    expect(() => loadConfig({ ...s3, S3_ENDPOINT: 'https://host/bucket' })).toThrow(/S3_ENDPOINT 须为/);
    expect(loadConfig({ ...s3, S3_ENDPOINT: 'http://127.0.0.1:9000' }).S3_ENDPOINT).toBe(
      'http://127.0.0.1:9000',
    );
    expect(() => loadConfig({ DATA_DIR: '/tmp/x', STORAGE: 'oss' })).toThrow(/STORAGE/);
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
