// Moved to db/sql.ts (one copy for every module); re-exported until the importers take them from there.
export { dateText, escapeLike, nullableDateText } from '../../db/sql.ts';
export { type Actor, resolveActor } from '../../platform/actor.ts';
export { assertAttachable, sendAttachment } from './attachments.ts';
export { enterprisesRoutes, idQuery } from './enterprise.routes.ts';
export {
  districtName,
  insuredNowExpr,
  rescoreChangedEnterprises,
  rescoreEnterprise,
} from './enterprise.service.ts';
export { assertInfoComplete } from './info-complete.ts';
