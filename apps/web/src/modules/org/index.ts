/** Public entry of the organisation module (screens: ./screens.ts, loaded lazily by src/screens.ts). */
export { OrgSelect } from './OrgSelect.tsx';
export { orgScreens } from './screens.ts';
