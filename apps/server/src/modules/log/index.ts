export { type PushRecord, recordPushAttempt, recordPushStart } from './log.service.ts';
