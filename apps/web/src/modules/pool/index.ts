/** Public entry of the pool module (screens: ./screens.ts, loaded lazily by src/screens.ts). */
export { poolScreens } from './screens.ts';
