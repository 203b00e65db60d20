export { logsRoutes } from './log.routes.ts';
export { type PushRecord, recordPushAttempt, recordPushStart } from './log.service.ts';
