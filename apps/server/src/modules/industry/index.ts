export { industriesRoutes } from './industry.routes.ts';
