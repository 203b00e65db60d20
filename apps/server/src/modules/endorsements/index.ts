export { endorsementTransition, planEndorsement } from './endorsement.machine.ts';
export { endorsementsRoutes } from './endorsements.routes.ts';
