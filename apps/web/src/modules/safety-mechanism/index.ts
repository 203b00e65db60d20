/** Public entry of the safety-mechanism module (screens: ./screens.ts, loaded lazily by src/screens.ts). */
export { safetyMechanismScreens } from './screens.ts';
