/**
 * Table types of the features added since the platform's first tables (db/schema.ts holds those): one file
 * per feature, joined here into FeatureTables, which the database type DB extends. `npm run new:feature`
 * adds its file's line to the import list and to the intersection below.
 */
import type { ComplaintTables } from './complaint.ts';
import type { ContentTables } from './content.ts';
import type { HazardTables } from './hazard.ts';
import type { MfaTables } from './mfa.ts';
import type { PoolTables } from './pool.ts';
import type { PreventionTables } from './prevention.ts';
import type { PreventionFilingTables } from './prevention-filing.ts';
import type { RegistrationTables } from './registration.ts';
import type { ServiceRequestTables } from './service-request.ts';
import type { StatsTables } from './stats.ts';
import type { TrainingTables } from './training.ts';
import type { WechatTables } from './wechat.ts';
// new:feature imports

export type FeatureTables = Record<never, never> &
  ContentTables &
  TrainingTables &
  ServiceRequestTables &
  PreventionFilingTables &
  PreventionTables &
  ComplaintTables &
  HazardTables &
  PoolTables &
  WechatTables &
  RegistrationTables &
  StatsTables &
  MfaTables;
