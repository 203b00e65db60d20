/** Public entry of the region module: province/city/district lists and pickers (no screens of its own). */
export { cities, districts, provinces, type RegionItem, regionKeys } from './api.ts';
export { RegionMultiPicker, regionLevel, useRegionNames } from './regions.tsx';
