export {
  allowedCloseTypes,
  allowedSteps,
  claimFlags,
  decideStep,
  reportTimeProblem,
  stepTimeProblem,
} from './claim.machine.ts';
export { claimsRoutes } from './claim.routes.ts';
export { claimScope } from './claim.service.ts';
