/** Public entry of the industry module (screens: ./screens.ts, loaded lazily by src/screens.ts). */
export { industryScreens } from './screens.ts';
