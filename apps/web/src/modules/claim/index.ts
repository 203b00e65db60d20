/** Public entry of the claim module (screens: ./screens.ts, loaded lazily by src/screens.ts). */
export { type ClaimFilters, type ClaimRow, claimApi } from './api.ts';
export { claimScreens } from './screens.ts';
