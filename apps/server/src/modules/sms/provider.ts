/**
 * One interface for every SMS provider (issue 16): the Alibaba Cloud and Tencent Cloud adapters send through
 * their official SDKs; the development outbox writes the text to sys_sms_outbox instead. Which one runs is
 * chosen by SMS_PROVIDER (config.ts; README "Settings").
 */
export type SmsPurpose = 'signup' | 'findpwd';

export interface SmsMessage {
  mobile: string;
  purpose: SmsPurpose;
  /** The six-digit code, the template's only parameter. */
  code: string;
}

export interface SmsProvider {
  readonly name: 'aliyun' | 'tencent' | 'outbox';
  send(message: SmsMessage): Promise<void>;
}

/** The provider refused or could not be reached: the platform answers 503 and changes nothing. */
export class SmsSendError extends Error {
  readonly providerCode: string;
  constructor(message: string, providerCode: string) {
    super(message);
    this.providerCode = providerCode;
  }
}

/** The texts of the outbox (what the templates say): 【签名】您的验证码为123456，5分钟内有效…。 */
export function smsText(signName: string, m: SmsMessage): string {
  const what = m.purpose === 'signup' ? '注册' : '找回密码';
  return `【${signName}】您正在${what}，验证码为${m.code}，5分钟内有效。如非本人操作，请忽略本短信。`;
}
