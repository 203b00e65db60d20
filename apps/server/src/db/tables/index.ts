/**
 * Table types of the features added since the platform's first tables (db/schema.ts holds those): one file
 * per feature, joined here into FeatureTables, which the database type DB extends. `npm run new:feature`
 * adds its file's line to the import list and to the intersection below.
 */
// new:feature imports

export type FeatureTables = Record<never, never>;
