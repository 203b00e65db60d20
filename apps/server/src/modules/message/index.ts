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
  type ComplainantSide,
  type HandlerSide,
  NOTIFICATION_EVENTS,
  NOTIFICATIONS,
  type NotificationEvent,
  type NotifyRecord,
  notificationTable,
  type Party,
  RECORD_PAGES,
  recordLink,
  type Side,
} from './notifications.ts';
export { closeTodos, type NotifyOptions, notify } from './notify.ts';
