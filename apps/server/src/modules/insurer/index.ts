export { insurersRoutes } from './insurer.routes.ts';
export { blindIndex, configurePii, decryptPii, encryptPii } from './pii.ts';
