/** Public entry of the dictionary module (screens: ./screens.ts, loaded lazily by src/screens.ts). */
export { dictScreens } from './screens.ts';
