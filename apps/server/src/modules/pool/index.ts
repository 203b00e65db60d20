/**
 * The service organisation and expert pool (issue 16; README.md). upsertServiceOrgProfile and createExpert
 * are the entry the registration approval uses to fill the pool (same contracts schemas as the admin's
 * edits); assertExpertsSelectable keeps suspended experts out of new prevention plans.
 */
export { poolRoutes } from './pool.routes.ts';
export {
  assertExpertsSelectable,
  createExpert,
  earliestExpiry,
  upsertServiceOrgProfile,
} from './pool.service.ts';
