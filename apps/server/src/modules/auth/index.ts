export { authRoutes } from './auth.routes.ts';
export {
  changePassword,
  checkPasswordLogin,
  checkSignInAllowed,
  clearFailures,
  findSignInUser,
  type LoginDeps,
  login,
  recordFailure,
  type SignInUser,
  startSession,
} from './auth.service.ts';
