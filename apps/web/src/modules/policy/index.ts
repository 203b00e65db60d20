/**
 * Public entry of the policy module: the policy calls, the detail view the endorsement module composes,
 * and the rules, parts and paths the endorsement, claim and enterprise modules reuse (screens:
 * ./screens.ts, loaded lazily by src/screens.ts).
 */
export {
  type EnterpriseOption,
  type PolicyDetail,
  type PolicyListQuery,
  type PolicyRow,
  policyApi,
} from './api.ts';
export { policyColumns } from './columns.tsx';
export { PolicyDetailView } from './PolicyDetailView.tsx';
export { PolicyPersons } from './PolicyPersons.tsx';
export { AttachmentList, PolicyStateTag, policyAttachmentProblem } from './parts.tsx';
export { PATHS, type Side } from './paths.ts';
export {
  DEFAULT_RULES,
  medicalLimitRule,
  oneYearEnd,
  type PolicyRules,
  perAccidentLimit,
  periodProblems,
  perPersonLimitRule,
} from './rules.ts';
export { policyScreens } from './screens.ts';
export { UnderCoveredTag } from './UnderCoveredTag.tsx';
