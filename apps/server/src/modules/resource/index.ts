export { resourceRoutes } from './resource.routes.ts';
