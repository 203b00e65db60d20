/** Public entry of the endorsement module (screens: ./screens.ts, loaded lazily by src/screens.ts). */
export { endorsementScreens } from './screens.ts';
