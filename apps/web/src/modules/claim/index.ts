/** Public entry of the claim module (screens: ./screens.ts, loaded lazily by src/screens.ts). */
export { type ClaimFilters, type ClaimRow, claimApi } from './api.ts';
export { CLAIM_COLUMNS_HIDDEN, claimColumns, claimFiltersOf } from './columns.tsx';
export { FlagTags, StepTag } from './parts.tsx';
export { claimScreens } from './screens.ts';
