export {
  allowedCloseTypes,
  allowedSteps,
  claimFlags,
  decideStep,
  reportTimeProblem,
  stepTimeProblem,
} from './claim.machine.ts';
export { claimListFilters, claimsRoutes } from './claim.routes.ts';
export { claimScope } from './claim.service.ts';
