import * as tc from 'tencentcloud-sdk-nodejs-sms';
import { type SmsMessage, type SmsProvider, SmsSendError } from './provider.ts';

export interface TencentSmsOptions {
  secretId: string;
  secretKey: string;
  region: string;
  /** SmsSdkAppId of the SMS application. */
  appId: string;
  signName: string;
  /** Template ids by purpose; each template takes the code as its first parameter. */
  templates: Record<SmsMessage['purpose'], string>;
  /** sms.tencentcloudapi.com unless overridden (tests point it at a local stand-in). */
  endpoint: string;
  protocol: 'https' | 'http';
  timeoutMs: number;
}

/** Tencent Cloud SMS (API 2021-01-11, SendSms) through the official SDK. */
export function tencentSmsProvider(opts: TencentSmsOptions): SmsProvider {
  const sdk = ((tc as { default?: typeof tc }).default ?? tc) as typeof tc;
  const client = new sdk.sms.v20210111.Client({
    credential: { secretId: opts.secretId, secretKey: opts.secretKey },
    region: opts.region,
    profile: {
      httpProfile: {
        endpoint: opts.endpoint,
        protocol: `${opts.protocol}://`,
        reqTimeout: Math.max(1, Math.ceil(opts.timeoutMs / 1000)),
      },
    },
  });
  return {
    name: 'tencent',
    async send(m) {
      let status: { Code?: string; Message?: string } | undefined;
      try {
        const res = await client.SendSms({
          PhoneNumberSet: [`+86${m.mobile}`],
          SmsSdkAppId: opts.appId,
          SignName: opts.signName,
          TemplateId: opts.templates[m.purpose],
          TemplateParamSet: [m.code, '5'],
        });
        status = res.SendStatusSet?.[0];
      } catch (err) {
        const e = err as { code?: string; message?: string };
        throw new SmsSendError(`腾讯云短信发送失败：${e.message ?? 'unknown'}`, String(e.code ?? 'NETWORK'));
      }
      if (status?.Code !== 'Ok')
        throw new SmsSendError(`腾讯云短信发送失败：${status?.Message ?? ''}`, status?.Code ?? 'UNKNOWN');
    },
  };
}
