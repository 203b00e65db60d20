export { regionsRoutes } from './region.routes.ts';
