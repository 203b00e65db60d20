export { sign, stringToSign } from '../../platform/signed-calls.ts';
export { subsystemsRoutes } from './subsystem.routes.ts';
