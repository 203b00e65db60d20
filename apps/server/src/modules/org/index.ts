export { orgsRoutes } from './org.routes.ts';
