/** Public entry of the subsystem module (screens: ./screens.ts, loaded lazily by src/screens.ts). */
export { listSubsystems } from './api.ts';
export { subsystemScreens } from './screens.ts';
export { subsystemInfo } from './subsystem-api.ts';
