export { authRoutes } from './auth.routes.ts';
export {
  checkPasswordLogin,
  checkSignInAllowed,
  findSignInUser,
  type LoginDeps,
  login,
  type SignInUser,
  startSession,
} from './auth.service.ts';
