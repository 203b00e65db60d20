export { blindIndex, configurePii, decryptPii, encryptPii } from '../../platform/pii.ts';
export { insurersRoutes } from './insurer.routes.ts';
