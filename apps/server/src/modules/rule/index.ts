export { rulesRoutes } from './rule.routes.ts';
