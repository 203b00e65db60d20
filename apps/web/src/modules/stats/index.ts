/** Public entry of the stats module (screens: ./screens.ts, loaded lazily by src/screens.ts). */
export { statsScreens } from './screens.ts';
