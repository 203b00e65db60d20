/** Public entry of the hazard module (screens: ./screens.ts, loaded lazily by src/screens.ts). */
export { HAZARD_KEY, hazardApi } from './api.ts';
export { HazardCodesCard } from './HazardCodesCard.tsx';
export { HazardStatsBar } from './HazardStatsBar.tsx';
export { HazardTodoCard, hazardTodoOf } from './HazardTodoCard.tsx';
export { HAZARD_PATHS } from './paths.ts';
export { hazardScreens } from './screens.ts';
