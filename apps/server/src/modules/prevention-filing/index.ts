export { preventionFilingRoutes } from './prevention-filing.routes.ts';
export { capRatioOf } from './prevention-filing.service.ts';
