// Moved to db/sql.ts (one copy for every module); re-exported until the importers take them from there.
export { dateText, escapeLike, nullableDateText } from '../../db/sql.ts';
export { type Actor, resolveActor } from '../../platform/actor.ts';
export { assertAttachable, sendAttachment } from './attachments.ts';
export { districtName, insuredNowExpr, listEnterprises } from './enterprise.repo.ts';
export { enterprisesRoutes, idQuery } from './enterprise.routes.ts';
export { rescoreChangedEnterprises, rescoreEnterprise } from './enterprise.score.ts';
export { assertInfoComplete } from './info-complete.ts';
