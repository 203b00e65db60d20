export { piiRoutes } from './pii.routes.ts';
