export { consultsRoutes } from './consults.routes.ts';
