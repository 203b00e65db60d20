export { logsRoutes, operationNamer } from './log.routes.ts';
export {
  holdsScreen,
  logScope,
  type PushRecord,
  recordPushAttempt,
  recordPushStart,
  searchLogs,
} from './log.service.ts';
