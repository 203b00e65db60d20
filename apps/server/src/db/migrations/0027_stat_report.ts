import type { Kysely } from 'kysely';
import { execStatements } from './sql-util.ts';

/**
 * Archived periodic statistical reports (统计报表, issue 19): one row per report made, with the period
 * (kind month/quarter/year and its key 2026-10 / 2026-Q3 / 2026), the scope (a district code, or the
 * city's 321300 for the whole city), the data cut-off (the last China day counted, YYYY-MM-DD), when and how
 * it was made, and the workbook itself (bytes, size, SHA-256) so a later download is the same file. The
 * unique key makes generation idempotent: the same period, scope and cut-off is made once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    CREATE TABLE stat_report (
      id serial PRIMARY KEY,
      kind varchar(8) NOT NULL,
      period varchar(10) NOT NULL,
      district_code varchar(6) NOT NULL,
      cutoff varchar(10) NOT NULL,
      generated_at timestamptz NOT NULL DEFAULT now(),
      generated_by integer REFERENCES sys_user(id),
      trigger varchar(10) NOT NULL DEFAULT 'manual',
      file_id uuid NOT NULL,
      file_name varchar(100) NOT NULL,
      size integer NOT NULL,
      sha256 varchar(64) NOT NULL,
      content bytea NOT NULL,
      totals jsonb NOT NULL DEFAULT '{}',
      CONSTRAINT stat_report_kind_ck CHECK (kind IN ('month', 'quarter', 'year')),
      CONSTRAINT stat_report_trigger_ck CHECK (trigger IN ('schedule', 'manual'))
    );
    CREATE UNIQUE INDEX stat_report_key_ux ON stat_report (kind, period, district_code, cutoff);
    CREATE INDEX stat_report_scope_ix ON stat_report (district_code, generated_at DESC);
    CREATE UNIQUE INDEX stat_report_file_ux ON stat_report (file_id);
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(db, 'DROP TABLE IF EXISTS stat_report;');
}
