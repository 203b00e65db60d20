export { insuranceDataRoutes } from './insurance-data.routes.ts';
