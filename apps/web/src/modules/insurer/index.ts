/** Public entry of the insurer module (screens: ./screens.ts, loaded lazily by src/screens.ts). */
export { insurerOptions } from './api.ts';
export { InsurerDocsPanel, PublishedDocsTable } from './PublishedDocs.tsx';
export { insurerScreens } from './screens.ts';
