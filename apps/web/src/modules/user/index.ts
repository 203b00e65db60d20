/** Public entry of the user module (screens: ./screens.ts, loaded lazily by src/screens.ts). */
export { userScreens } from './screens.ts';
export { UserMultiSelect } from './UserMultiSelect.tsx';
