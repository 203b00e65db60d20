export { insurersRoutes } from './insurers.routes.ts';
export { blindIndex, decryptPii, encryptPii } from './pii.ts';
