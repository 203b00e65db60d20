export { authRoutes } from './auth.routes.ts';
export { changePassword, recordFailure } from './auth.service.ts';
