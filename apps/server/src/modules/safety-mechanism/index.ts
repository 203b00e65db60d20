export { safetyMechanismsRoutes } from './safety-mechanism.routes.ts';
