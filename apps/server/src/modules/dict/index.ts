export { dictsRoutes } from './dict.routes.ts';
