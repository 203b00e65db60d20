/** Public entry of the log module (screens: ./screens.ts, loaded lazily by src/screens.ts). */
export { logScreens } from './screens.ts';
