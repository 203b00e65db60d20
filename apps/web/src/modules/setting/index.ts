/** Public entry of the settings module (screens: ./screens.ts, loaded lazily by src/screens.ts). */
export { settingScreens } from './screens.ts';
