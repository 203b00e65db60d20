/** Public entry of the evaluation module (screens: ./screens.ts, loaded lazily by src/screens.ts). */
export { EVAL_KEY, evalApi } from './api.ts';
export { PendingRatings, RateButton } from './PendingRatings.tsx';
export { evaluationScreens } from './screens.ts';
