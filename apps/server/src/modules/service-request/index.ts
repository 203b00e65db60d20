export { serviceRequestRoutes } from './service-request.routes.ts';
export { linkRequestToPlan } from './service-request.service.ts';
