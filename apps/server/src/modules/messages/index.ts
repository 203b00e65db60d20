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
export { messagesRoutes } from './messages.routes.ts';
export { type MessageAudience, type MessageInput, sendMessage } from './messages.service.ts';
