export {
  allowedCloseTypes,
  allowedSteps,
  claimFlags,
  decideStep,
  reportTimeProblem,
  stepTimeProblem,
} from './claim.machine.ts';
export { claimListFilters, claimsRoutes } from './claims.routes.ts';
export { claimScope } from './claims.service.ts';
