/** Public entry of the resource module (screens: ./screens.ts, loaded lazily by src/screens.ts). */
export { resourceScreens } from './screens.ts';
