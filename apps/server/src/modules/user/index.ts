export { usersRoutes } from './user.routes.ts';
