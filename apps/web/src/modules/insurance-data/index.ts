/** Public entry of the insurance data module (screens: ./screens.ts, loaded lazily by src/screens.ts). */
export { getDataset, getSummary } from './api.ts';
export { STAT_VALUE_STYLE } from './DataPage.tsx';
export { formatValue, num } from './data-model.ts';
export { insuranceDataScreens } from './screens.ts';
