/** Public entry of the message module (screens: ./screens.ts, loaded lazily by src/screens.ts). */
export { messageScreens } from './screens.ts';
