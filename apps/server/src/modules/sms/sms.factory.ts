import { ErrorReason } from '@aqzrx/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { encryptPhone, phoneIndex } from '../../platform/pii.ts';
import { aliyunSmsProvider } from './aliyun.ts';
import { type SmsProvider, smsText } from './provider.ts';
import { tencentSmsProvider } from './tencent.ts';

function need(config: Config, keys: (keyof Config)[]): void {
  const missing = keys.filter((k) => !config[k]);
  if (missing.length) throw new Error(`短信服务 ${config.SMS_PROVIDER} 缺少配置：${missing.join('、')}`);
}

/**
 * The development outbox: the text goes to sys_sms_outbox (the admin's 短信发件箱) and, in development, to
 * the server log. In production it sends nothing and answers 503: a real provider must be configured.
 */
export function outboxProvider(db: () => Db, config: Config, log: FastifyBaseLogger): SmsProvider {
  return {
    name: 'outbox',
    async send(m) {
      if (config.NODE_ENV === 'production')
        throw new AppError(503, '短信服务未配置，请联系管理员', ErrorReason.SMS_UNAVAILABLE);
      const content = smsText(config.SMS_SIGN_NAME, m);
      await db()
        .insertInto('sysSmsOutbox')
        .values({
          mobileEnc: encryptPhone(m.mobile),
          mobileHash: phoneIndex(m.mobile),
          purpose: m.purpose,
          content,
          createdAt: new Date(),
        })
        .execute();
      if (config.NODE_ENV === 'development') log.info({ mobile: m.mobile, purpose: m.purpose }, content);
    },
  };
}

/** The provider SMS_PROVIDER names, its settings checked when the app is built. */
export function createSmsProvider(config: Config, db: () => Db, log: FastifyBaseLogger): SmsProvider {
  const templates = { signup: config.SMS_TEMPLATE_SIGNUP, findpwd: config.SMS_TEMPLATE_FINDPWD };
  const common = {
    signName: config.SMS_SIGN_NAME,
    protocol: config.SMS_PROTOCOL,
    timeoutMs: config.SMS_TIMEOUT_MS,
  };
  switch (config.SMS_PROVIDER) {
    case 'aliyun':
      need(config, ['SMS_KEY_ID', 'SMS_KEY_SECRET', 'SMS_TEMPLATE_SIGNUP', 'SMS_TEMPLATE_FINDPWD']);
      return aliyunSmsProvider({
        ...common,
        accessKeyId: config.SMS_KEY_ID,
        accessKeySecret: config.SMS_KEY_SECRET,
        templates,
        endpoint: config.SMS_ENDPOINT || 'dysmsapi.aliyuncs.com',
      });
    case 'tencent':
      need(config, [
        'SMS_KEY_ID',
        'SMS_KEY_SECRET',
        'SMS_TENCENT_APP_ID',
        'SMS_TEMPLATE_SIGNUP',
        'SMS_TEMPLATE_FINDPWD',
      ]);
      return tencentSmsProvider({
        ...common,
        secretId: config.SMS_KEY_ID,
        secretKey: config.SMS_KEY_SECRET,
        region: config.SMS_TENCENT_REGION,
        appId: config.SMS_TENCENT_APP_ID,
        templates,
        endpoint: config.SMS_ENDPOINT || 'sms.tencentcloudapi.com',
      });
    default:
      return outboxProvider(db, config, log);
  }
}
