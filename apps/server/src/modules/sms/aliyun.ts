import * as dysms from '@alicloud/dysmsapi20170525';
import * as openapi from '@alicloud/openapi-core';
import { type SmsMessage, type SmsProvider, SmsSendError } from './provider.ts';

export interface AliyunSmsOptions {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  /** Template codes by purpose (SMS_123456789); each template takes ${code}. */
  templates: Record<SmsMessage['purpose'], string>;
  /** dysmsapi.aliyuncs.com unless overridden (tests point it at a local stand-in). */
  endpoint: string;
  protocol: 'https' | 'http';
  timeoutMs: number;
}

/** The SDKs are CommonJS: under Node's ESM loader their default export is the module object's `default`. */
function cjsDefault<T>(mod: unknown): T {
  const d = (mod as { default?: unknown }).default;
  return ((d as { default?: unknown } | undefined)?.default ?? d) as T;
}

type AliClient = {
  sendSmsWithOptions(
    req: dysms.SendSmsRequest,
    runtime: unknown,
  ): Promise<{ body?: { code?: string; message?: string; bizId?: string } }>;
};

/** Alibaba Cloud SMS (dysmsapi 2017-05-25, SendSms) through the official SDK. */
export function aliyunSmsProvider(opts: AliyunSmsOptions): SmsProvider {
  const Client = cjsDefault<new (c: unknown) => AliClient>(dysms);
  const util = (openapi as unknown as { $OpenApiUtil: { Config: new (c: object) => unknown } }).$OpenApiUtil;
  const client = new Client(
    new util.Config({
      accessKeyId: opts.accessKeyId,
      accessKeySecret: opts.accessKeySecret,
      endpoint: opts.endpoint,
      protocol: opts.protocol,
      readTimeout: opts.timeoutMs,
      connectTimeout: opts.timeoutMs,
    }),
  );
  return {
    name: 'aliyun',
    async send(m) {
      const req = new dysms.SendSmsRequest({
        phoneNumbers: m.mobile,
        signName: opts.signName,
        templateCode: opts.templates[m.purpose],
        templateParam: JSON.stringify({ code: m.code }),
      });
      let body: { code?: string; message?: string } | undefined;
      try {
        body = (await client.sendSmsWithOptions(req, { readTimeout: opts.timeoutMs, autoretry: false })).body;
      } catch (err) {
        const e = err as { code?: string; message?: string };
        throw new SmsSendError(`阿里云短信发送失败：${e.message ?? 'unknown'}`, String(e.code ?? 'NETWORK'));
      }
      if (body?.code !== 'OK')
        throw new SmsSendError(`阿里云短信发送失败：${body?.message ?? ''}`, body?.code ?? 'UNKNOWN');
    },
  };
}
