/**
 * The service organisation and expert pool (issue 16; README.md). upsertServiceOrgProfile and createExpert
 * are the entry the registration approval uses to fill the pool (same contracts schemas as the admin's
 * edits); resolvePlanExperts fills a plan's pool experts from the pool and keeps suspended ones out of new
 * plans; planExpertOptions is the plan form's pick-list.
 */
export { planExpertOptions } from './pool.repo.ts';
export { poolRoutes } from './pool.routes.ts';
export {
  assertExpertsSelectable,
  createExpert,
  earliestExpiry,
  type PlanExpert,
  resolvePlanExperts,
  upsertServiceOrgProfile,
} from './pool.service.ts';
