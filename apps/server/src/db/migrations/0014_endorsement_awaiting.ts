import type { Kysely } from 'kysely';
import { execStatements } from './sql-util.ts';

/**
 * Endorsements take effect on their effective date (domain 3.3): an approval dated in the future waits
 * in the new state `awaiting` until the daily job applies it. The partial index serves that job (due
 * endorsements by date) and the one-open-endorsement-per-policy check.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `ALTER TABLE ins_endorsement DROP CONSTRAINT ins_endorsement_status_ck;
     ALTER TABLE ins_endorsement ADD CONSTRAINT ins_endorsement_status_ck
       CHECK (status IN ('applied','awaiting','approved','returned'));
     CREATE INDEX ins_endorsement_awaiting_idx ON ins_endorsement (effective_date, id) WHERE status = 'awaiting';`,
  );
}

/** Down: awaiting endorsements go back to applied (to be reviewed again), then the old constraint. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `DROP INDEX IF EXISTS ins_endorsement_awaiting_idx;
     UPDATE ins_endorsement SET status = 'applied', reviewed_at = NULL, reviewed_by = NULL WHERE status = 'awaiting';
     ALTER TABLE ins_endorsement DROP CONSTRAINT ins_endorsement_status_ck;
     ALTER TABLE ins_endorsement ADD CONSTRAINT ins_endorsement_status_ck
       CHECK (status IN ('applied','approved','returned'));`,
  );
}
