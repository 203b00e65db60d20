export { insurersRoutes } from './insurers.routes.ts';
export { blindIndex, configurePii, decryptPii, encryptPii } from './pii.ts';
