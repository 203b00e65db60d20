export { cachedCount, invalidateCounts } from '../../platform/count-cache.ts';
export { notifyPolicy } from './notices.ts';
export {
  normaliseCoinsurers,
  policyFigures,
  policyState,
  policyTermProblems,
  policyTransition,
} from './policy.machine.ts';
export { policiesRoutes } from './policy.routes.ts';
export {
  attachmentFiles,
  enterpriseSnapshots,
  fullCoverProblem,
  nextNumber,
  overlapping,
  policyInScope,
  policyScope,
  policySnapshotData,
  type ScopeValues,
  scopeKey,
  scopeShape,
  scopeValues,
  snapshotPolicy,
} from './policy.service.ts';
export {
  applyRoster,
  currentPersonHashes,
  listPolicyPersons,
  type PolicyPersonRow,
  type RosterRow,
} from './policy-persons.ts';
