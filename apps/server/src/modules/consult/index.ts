export { consultsRoutes } from './consult.routes.ts';
