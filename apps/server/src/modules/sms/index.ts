export { aliyunSmsProvider } from './aliyun.ts';
export { type SmsMessage, type SmsProvider, type SmsPurpose, SmsSendError, smsText } from './provider.ts';
export { createSmsProvider, outboxProvider } from './sms.factory.ts';
export { smsOutboxRoutes } from './sms.routes.ts';
export { consumeCode, issueCode, issueTicket, newCode, ticketMobile } from './sms.service.ts';
export { tencentSmsProvider } from './tencent.ts';
