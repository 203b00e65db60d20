export { registrationRoutes } from './registration.routes.ts';
export { DEFAULT_EXPERT_PANEL } from './registration.service.ts';
