export { orgsRoutes } from './org.routes.ts';
export { setOrgStatus } from './org.service.ts';
