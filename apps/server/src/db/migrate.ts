import type { Kysely } from 'kysely';
import { type Migration, type MigrationProvider, Migrator } from 'kysely/migration';
import { piiMasterKey } from '../platform/pii.ts';
import * as m0001 from './migrations/0001_platform.ts';
import * as m0002 from './migrations/0002_files.ts';
import * as m0003 from './migrations/0003_admin.ts';
import * as m0004 from './migrations/0004_reference.ts';
import * as m0005 from './migrations/0005_content.ts';
import * as m0006 from './migrations/0006_insurance.ts';
import * as m0007 from './migrations/0007_permission_version.ts';
import * as m0008 from './migrations/0008_endorsement_roster.ts';
import * as m0009 from './migrations/0009_subsystem_credentials.ts';
import * as m0010 from './migrations/0010_data_exchange.ts';
import * as m0011 from './migrations/0011_org_type_index.ts';
import * as m0012 from './migrations/0012_regions.ts';
import * as m0013 from './migrations/0013_content_search.ts';
import * as m0014 from './migrations/0014_endorsement_awaiting.ts';
import * as m0015 from './migrations/0015_request_log_brin.ts';
import * as m0016 from './migrations/0016_policy_draft_withdraw.ts';
import * as m0017 from './migrations/0017_org_manage.ts';
import * as m0018 from './migrations/0018_message_todo.ts';
import * as m0019 from './migrations/0019_prevention.ts';
import * as m0020 from './migrations/0020_prevention_activity.ts';
import * as m0021 from './migrations/0021_hazard.ts';
import * as m0022 from './migrations/0022_complaint.ts';
import * as m0023 from './migrations/0023_pool.ts';
import * as m0024 from './migrations/0024_registration.ts';
import * as m0025 from './migrations/0025_wechat.ts';
import * as m0027 from './migrations/0027_stat_report.ts';
import * as m0028 from './migrations/0028_score_grade.ts';
import * as m0029 from './migrations/0029_stat_rollup.ts';
import * as m0030 from './migrations/0030_mfa_login_lock.ts';
import * as m0031 from './migrations/0031_log_chain.ts';
import * as m0032 from './migrations/0032_file_attached.ts';
import * as m0033 from './migrations/0033_keyword_bigrams.ts';
import * as m0034 from './migrations/0034_admin_duties.ts';
import * as m0035 from './migrations/0035_phone_encryption.ts';
import * as m0036 from './migrations/0036_shared_state.ts';
import * as m0037 from './migrations/0037_hazard_list_order.ts';
import * as m0038 from './migrations/0038_fund_list_indexes.ts';
import * as m0039 from './migrations/0039_plan_project_keyword.ts';
import * as m0040 from './migrations/0040_hazard_keyword.ts';
import { provideMigrationPiiKey } from './migrations/pii-0035.ts';
import type { DB } from './schema.ts';

/** Migrations are listed here in order; each file exports up and down. */
const MIGRATIONS: Record<string, Migration> = {
  '0001_platform': m0001,
  '0002_files': m0002,
  '0003_admin': m0003,
  '0004_reference': m0004,
  '0005_content': m0005,
  '0006_insurance': m0006,
  '0007_permission_version': m0007,
  '0008_endorsement_roster': m0008,
  '0009_subsystem_credentials': m0009,
  '0010_data_exchange': m0010,
  '0011_org_type_index': m0011,
  '0012_regions': m0012,
  '0013_content_search': m0013,
  '0014_endorsement_awaiting': m0014,
  '0015_request_log_brin': m0015,
  '0016_policy_draft_withdraw': m0016,
  '0017_org_manage': m0017,
  '0018_message_todo': m0018,
  '0019_prevention': m0019,
  '0020_prevention_activity': m0020,
  '0021_hazard': m0021,
  '0022_complaint': m0022,
  '0023_pool': m0023,
  '0024_registration': m0024,
  '0025_wechat': m0025,
  '0027_stat_report': m0027,
  '0028_score_grade': m0028,
  '0029_stat_rollup': m0029,
  '0030_mfa_login_lock': m0030,
  '0031_log_chain': m0031,
  '0032_file_attached': m0032,
  '0033_keyword_bigrams': m0033,
  '0034_admin_duties': m0034,
  '0035_phone_encryption': m0035,
  '0036_shared_state': m0036,
  '0037_hazard_list_order': m0037,
  '0038_fund_list_indexes': m0038,
  '0039_plan_project_keyword': m0039,
  '0040_hazard_keyword': m0040,
};

class StaticProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return MIGRATIONS;
  }
}

export function migrator(db: Kysely<DB>): Migrator {
  // Migration 0035 encrypts existing phone numbers with the key this server reads them with.
  provideMigrationPiiKey(piiMasterKey);
  return new Migrator({
    db: db as unknown as Kysely<unknown>,
    provider: new StaticProvider(),
    migrationTableName: 'kysely_migration',
    // Migrations landed out of number order once (0004 before 0003); a database that ran the later one
    // first must still take the earlier one.
    allowUnorderedMigrations: true,
  });
}

/** Brings the schema to the latest version; throws (after Kysely rolled the failed step back) on error. */
export async function migrateToLatest(db: Kysely<DB>): Promise<string[]> {
  const { error, results } = await migrator(db).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

export async function migrateDown(db: Kysely<DB>): Promise<string[]> {
  const { error, results } = await migrator(db).migrateDown();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).map((r) => r.migrationName);
}
