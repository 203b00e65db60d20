import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext } from '../../../test/helpers.ts';
import { loadConfig } from '../../config.ts';
import { decryptPhone, phoneIndex, smsSubjectDigest } from '../../platform/pii.ts';
import { aliyunSmsProvider } from './aliyun.ts';
import { SmsSendError } from './provider.ts';
import { tencentSmsProvider } from './tencent.ts';

/**
 * The provider adapters run their official SDKs against local stand-ins of the providers' APIs (the SDKs'
 * endpoint and protocol settings point them here), so the real request path is exercised: what the
 * provider receives, how its refusals are read, and that an outage answers 503 and keeps nothing.
 */
interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

let server: http.Server;
let endpoint: string;
const seen: Seen[] = [];
/** What the stand-in answers next: 'ok', 'refuse' (provider error), or 'down' (HTTP 500). */
let mode: 'ok' | 'refuse' | 'down' = 'ok';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      res.setHeader('content-type', 'application/json');
      if (mode === 'down') {
        res.statusCode = 500;
        res.end('{}');
        return;
      }
      const tencent = String(req.headers['x-tc-action'] ?? '') === 'SendSms';
      if (tencent) {
        res.end(
          JSON.stringify({
            Response: {
              RequestId: 'req-1',
              SendStatusSet: [
                mode === 'ok'
                  ? { Code: 'Ok', Message: 'send success', SerialNo: '1', PhoneNumber: '+8613912345678' }
                  : {
                      Code: 'LimitExceeded.PhoneNumberDailyLimit',
                      Message: '单个手机号日下发条数超过设定的上限',
                    },
              ],
            },
          }),
        );
        return;
      }
      res.end(
        JSON.stringify(
          mode === 'ok'
            ? { Code: 'OK', Message: 'OK', RequestId: 'req-1', BizId: 'biz-1' }
            : { Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发号码天级流控', RequestId: 'req-2' },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const ali = () =>
  aliyunSmsProvider({
    accessKeyId: 'test-key-id',
    accessKeySecret: 'test-key-secret',
    signName: '宿迁安责险',
    templates: { signup: 'SMS_100000001', findpwd: 'SMS_100000002' },
    endpoint,
    protocol: 'http',
    timeoutMs: 3000,
  });
const tencent = () =>
  tencentSmsProvider({
    secretId: 'test-secret-id',
    secretKey: 'test-secret-key',
    region: 'ap-guangzhou',
    appId: '1400000001',
    signName: '宿迁安责险',
    templates: { signup: '100001', findpwd: '100002' },
    endpoint,
    protocol: 'http',
    timeoutMs: 3000,
  });

describe('Alibaba Cloud SMS adapter', () => {
  it('sends SendSms with the number, sign name, template and the code as the template code variable, signed with the key', async () => {
    mode = 'ok';
    seen.length = 0;
    await ali().send({ mobile: '13912345678', purpose: 'findpwd', code: '246810' });
    expect(seen).toHaveLength(1);
    const req = seen[0]!;
    const params = new URLSearchParams(`${req.url.split('?')[1] ?? ''}&${req.body}`);
    expect(params.get('Action') ?? req.headers['x-acs-action']).toBe('SendSms');
    expect(params.get('PhoneNumbers')).toBe('13912345678');
    expect(params.get('SignName')).toBe('宿迁安责险');
    expect(params.get('TemplateCode')).toBe('SMS_100000002');
    expect(JSON.parse(params.get('TemplateParam') ?? '{}')).toEqual({ code: '246810' });
    const signed = `${req.url}${JSON.stringify(req.headers)}`;
    expect(signed).toContain('test-key-id');
    expect(signed).not.toContain('test-key-secret');
  });

  it('a refusal becomes SmsSendError with the provider code', async () => {
    mode = 'refuse';
    const err = await ali()
      .send({ mobile: '13912345678', purpose: 'signup', code: '111111' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SmsSendError);
    expect((err as SmsSendError).providerCode).toBe('isv.BUSINESS_LIMIT_CONTROL');
  });
});

describe('Tencent Cloud SMS adapter', () => {
  it('sends SendSms (2021-01-11) with +86 number, app id, sign, template and the code, TC3-signed', async () => {
    mode = 'ok';
    seen.length = 0;
    await tencent().send({ mobile: '13912345678', purpose: 'signup', code: '135790' });
    expect(seen).toHaveLength(1);
    const req = seen[0]!;
    expect(req.headers['x-tc-action']).toBe('SendSms');
    expect(req.headers['x-tc-version']).toBe('2021-01-11');
    expect(String(req.headers.authorization)).toMatch(/^TC3-HMAC-SHA256 Credential=test-secret-id\//);
    const body = JSON.parse(req.body);
    expect(body).toMatchObject({
      PhoneNumberSet: ['+8613912345678'],
      SmsSdkAppId: '1400000001',
      SignName: '宿迁安责险',
      TemplateId: '100001',
    });
    expect(body.TemplateParamSet[0]).toBe('135790');
  });

  it('a refusal of the number becomes SmsSendError with the provider code', async () => {
    mode = 'refuse';
    const err = await tencent()
      .send({ mobile: '13912345678', purpose: 'signup', code: '111111' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SmsSendError);
    expect((err as SmsSendError).providerCode).toBe('LimitExceeded.PhoneNumberDailyLimit');
  });
});

describe('the platform on a real provider', () => {
  it('sends registration codes through the configured provider; an outage answers 503 and keeps no code', async () => {
    const t = await createTestContext({
      SMS_PROVIDER: 'aliyun',
      SMS_KEY_ID: 'test-key-id',
      SMS_KEY_SECRET: 'test-key-secret',
      SMS_TEMPLATE_SIGNUP: 'SMS_100000001',
      SMS_TEMPLATE_FINDPWD: 'SMS_100000002',
      SMS_ENDPOINT: endpoint,
      SMS_PROTOCOL: 'http',
    });
    try {
      mode = 'ok';
      seen.length = 0;
      const sent = await t.app.inject({
        method: 'POST',
        url: '/api/signup/sendCode.json?mobile=13912345001',
      });
      expect(sent.statusCode, sent.body).toBe(200);
      expect(seen).toHaveLength(1);
      // The real provider was used: nothing in the development outbox.
      const outbox = await t.database.db
        .selectFrom('sysSmsOutbox')
        .select('id')
        .where('mobileHash', '=', phoneIndex('13912345001'))
        .execute();
      expect(outbox).toHaveLength(0);

      mode = 'down';
      const down = await t.app.inject({
        method: 'POST',
        url: '/api/signup/sendCode.json?mobile=13912345002',
      });
      expect(down.statusCode).toBe(503);
      expect(down.json().code).toBe('SMS_UNAVAILABLE');
      const codes = await t.database.db
        .selectFrom('sysSmsCode')
        .select('id')
        .where('subject', '=', smsSubjectDigest('13912345002'))
        .execute();
      expect(codes).toHaveLength(0);
      // An outage does not use up the number's limits: the next try goes through.
      mode = 'ok';
      const retry = await t.app.inject({
        method: 'POST',
        url: '/api/signup/sendCode.json?mobile=13912345002',
      });
      expect(retry.statusCode).toBe(200);
      // Found by the subject's digest (the mobile itself is stored encrypted, security.md P03).
      const kept = await t.database.db
        .selectFrom('sysSmsCode')
        .selectAll()
        .where('subject', '=', smsSubjectDigest('13912345002'))
        .execute();
      expect(kept).toHaveLength(1);
      expect(JSON.stringify(kept)).not.toContain('13912345002');
      expect(decryptPhone(kept[0]!.mobileEnc)).toBe('13912345002');
    } finally {
      await t.close();
    }
  });

  it('a provider named without its settings refuses to start, naming what is missing', async () => {
    const { createSmsProvider } = await import('./sms.factory.ts');
    const config = loadConfig({ NODE_ENV: 'test', SMS_PROVIDER: 'tencent', SMS_KEY_ID: 'id' });
    expect(() => createSmsProvider(config, () => undefined as never, {} as never)).toThrow(
      /SMS_KEY_SECRET、SMS_TENCENT_APP_ID/,
    );
  });

  it('the outbox sends nothing in production', async () => {
    const { outboxProvider } = await import('./sms.factory.ts');
    const p = outboxProvider(
      () => {
        throw new Error('no database access expected');
      },
      { NODE_ENV: 'production', SMS_SIGN_NAME: 'x' } as never,
      { info: () => undefined } as never,
    );
    await expect(p.send({ mobile: '13912345678', purpose: 'signup', code: '123456' })).rejects.toMatchObject({
      status: 503,
    });
  });
});

describe('the development outbox (短信发件箱)', () => {
  it('keeps the mobile encrypted, finds a text by the whole number (its blind index) and answers it masked', async () => {
    const t = await createTestContext({ LOGIN_RATE_MAX: '10000' });
    try {
      for (const mobile of ['13912345101', '13912345102']) {
        const sent = await t.app.inject({
          method: 'POST',
          url: `/api/signup/sendCode.json?mobile=${mobile}`,
        });
        expect(sent.statusCode, sent.body).toBe(200);
      }
      const rows = await t.database.db.selectFrom('sysSmsOutbox').selectAll().execute();
      expect(rows.length).toBeGreaterThanOrEqual(2);
      expect(JSON.stringify(rows)).not.toMatch(/1391234510[12]/);
      const admin = await t.login('admin');
      const found = await t.call({ method: 'POST', url: '/api/sms/outbox?mobile=13912345102', token: admin });
      expect(found.statusCode).toBe(200);
      const list = found.json().data.list as Array<{ mobile: string; content: string }>;
      expect(list.map((x) => x.mobile)).toEqual(['139****5102']);
      expect(list[0]!.content).toMatch(/验证码为\d{6}/);
      const all = await t.call({ method: 'POST', url: '/api/sms/outbox?pageSize=50', token: admin });
      expect(all.statusCode).toBe(200);
      expect(all.body).not.toMatch(/1391234510[12]/);
      expect(all.body).toContain('139****5101');
      const none = await t.call({ method: 'POST', url: '/api/sms/outbox?mobile=13912345103', token: admin });
      expect(none.json().data.total).toBe(0);
    } finally {
      await t.close();
    }
  });
});
