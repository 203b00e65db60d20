export { orgsRoutes } from './org.routes.ts';
export { addOrg, setOrgStatus } from './org.service.ts';
