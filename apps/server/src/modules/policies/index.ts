export { cachedCount, invalidateCounts } from './count-cache.ts';
export { policiesRoutes, policyListFilters } from './policies.routes.ts';
export {
  nextNumber,
  overlapping,
  policyInScope,
  policyScope,
  policySnapshotData,
  scopeKey,
  snapshotPolicy,
  stateFilter,
} from './policies.service.ts';
export {
  normaliseCoinsurers,
  policyFigures,
  policyState,
  policyTermProblems,
  policyTransition,
} from './policy.machine.ts';
export { currentApp, trackApp } from './portal-stats.ts';
