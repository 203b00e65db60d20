export { rolesRoutes } from './role.routes.ts';
export { isKnownResourcePath, resourceTreeForRole } from './role.service.ts';
