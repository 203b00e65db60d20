/** Public entry of the complaint module (screens: ./screens.ts, loaded lazily by src/screens.ts). */
export { COMPLAINT_KEY, complaintApi } from './api.ts';
export { complaintScreens } from './screens.ts';
