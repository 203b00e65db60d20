/** Public entry of the dashboard module (screens: ./screens.ts, loaded lazily by src/screens.ts). */
export { dashboardScreens } from './screens.ts';
