export { insurersRoutes } from './insurer.routes.ts';
