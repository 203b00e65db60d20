/** Public entry of the role module (screens: ./screens.ts, loaded lazily by src/screens.ts). */
export { roleGrants } from './api.ts';
export { roleScreens } from './screens.ts';
