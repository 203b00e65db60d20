/** Public entry of the consult module (screens and the Q&A detail page: ./screens.ts, loaded lazily by src/screens.ts). */
export { consultPages, consultScreens } from './screens.ts';
