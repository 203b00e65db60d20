export { authRoutes } from './auth.routes.ts';
export {
  changePassword,
  checkPasswordLogin,
  checkSignInAllowed,
  findSignInUser,
  type LoginDeps,
  login,
  recordFailure,
  type SignInUser,
  startSession,
} from './auth.service.ts';
