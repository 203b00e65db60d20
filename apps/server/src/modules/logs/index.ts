export { type PushRecord, recordPushAttempt, recordPushStart } from './logs.service.ts';
