export {
  allowedCloseTypes,
  allowedSteps,
  claimFlags,
  decideStep,
  reportTimeProblem,
  stepTimeProblem,
} from './claim.machine.ts';
export { claimScope, listClaims } from './claim.repo.ts';
export { claimsRoutes } from './claim.routes.ts';
