export { type IdleAccountResult, runIdleAccounts } from './idle-accounts.ts';
export { usersRoutes } from './user.routes.ts';
export { searchUsers, userScope } from './user.service.ts';
