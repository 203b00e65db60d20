/** Public entry of the prevention module (screens: ./screens.ts, loaded lazily by src/screens.ts). */
export { AP_KEY, apApi } from './api.ts';
export { preventionScreens } from './screens.ts';
