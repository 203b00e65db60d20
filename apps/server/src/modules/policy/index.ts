export { notifyPolicy } from './notices.ts';
export {
  normaliseCoinsurers,
  policyFigures,
  policyState,
  policyTermProblems,
  policyTransition,
} from './policy.machine.ts';
export {
  fullCoverProblem,
  listPolicies,
  policyInScope,
  policyScope,
  type ScopeValues,
  scopeKey,
  scopeShape,
  scopeValues,
} from './policy.repo.ts';
export { policiesRoutes } from './policy.routes.ts';
export { enterpriseSnapshots, nextNumber, overlapping } from './policy.service.ts';
export { attachmentFiles, policySnapshotData, snapshotPolicy } from './policy.versions.ts';
export {
  applyRoster,
  currentPersonHashes,
  listPolicyPersons,
  type PolicyPersonRow,
  type RosterRow,
} from './policy-persons.ts';
