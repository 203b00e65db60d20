export { type Actor, resolveActor } from '../../platform/actor.ts';
export { assertAttachable, sendAttachment } from './attachments.ts';
export { boolQuery, enterprisesRoutes, idQuery } from './enterprise.routes.ts';
export {
  dateText,
  districtName,
  escapeLike,
  insuredNowExpr,
  nullableDateText,
  rescoreChangedEnterprises,
  rescoreEnterprise,
} from './enterprise.service.ts';
export { assertInfoComplete } from './info-complete.ts';
