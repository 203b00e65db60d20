/** Public entry of the enterprise module (screens: ./screens.ts, loaded lazily by src/screens.ts). */
export { enterpriseScreens } from './screens.ts';
