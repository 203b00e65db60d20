export {
  audienceIncludes,
  districtListWithin,
  districtName,
  governedDistricts,
  isCityLevel,
  readerDistricts,
  splitList,
  targetsWithin,
  userInAudience,
} from './audience.ts';
export { messagesRoutes } from './message.routes.ts';
export { type MessageAudience, type MessageInput, sendMessage } from './message.service.ts';
export {
  NOTIFICATION_EVENTS,
  NOTIFICATIONS,
  type NotificationEvent,
  type NotifyRecord,
  notificationTable,
  RECORD_PAGES,
  recordLink,
} from './notifications.ts';
export { closeTodos, type NotifyOptions, notify } from './notify.ts';
