import type { Kysely } from 'kysely';
import { execStatements } from './sql-util.ts';

/**
 * The enterprise may withdraw (撤回) its own endorsement application while it waits for review: the new
 * terminal state `withdrawn` frees the policy for another application.
 *
 * Also corrects stored versions: a policy issued without a snapshot (demo data, older releases) got its
 * 出单 snapshot when its first endorsement was approved, dated that approval instead of the issue. Those
 * rows take the issue time and issuer of the policy (the values are the issued state either way).
 *
 * And a draft policy may be saved incomplete (保存草稿 needs only the period and the parties):
 * `draft_missing` lists the fields not filled in yet (their columns hold 0 until then); submitting
 * refuses while it is not empty.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `ALTER TABLE ins_endorsement DROP CONSTRAINT ins_endorsement_status_ck;
     ALTER TABLE ins_endorsement ADD CONSTRAINT ins_endorsement_status_ck
       CHECK (status IN ('applied','awaiting','approved','returned','withdrawn'));
     ALTER TABLE ins_policy ADD COLUMN draft_missing jsonb NOT NULL DEFAULT '[]';
     UPDATE ins_policy_snapshot s SET created_at = p.reviewed_at, created_by = p.reviewed_by
       FROM ins_policy p
       WHERE s.policy_id = p.id AND s.reason = 'issue' AND p.reviewed_at IS NOT NULL
         AND s.created_at > p.reviewed_at;`,
  );
}

/**
 * Down: withdrawn applications become returned (terminal, with the withdrawal noted), then the old
 * constraint; the missing-field list goes (incomplete drafts keep their 0 placeholders). The corrected
 * snapshot times stay (the approval time was wrong).
 */
export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `ALTER TABLE ins_policy DROP COLUMN IF EXISTS draft_missing;
     UPDATE ins_endorsement SET status = 'returned',
       review_remark = left(CASE WHEN review_remark = '' THEN '企业已撤回' ELSE review_remark || '；企业已撤回' END, 500)
       WHERE status = 'withdrawn';
     ALTER TABLE ins_endorsement DROP CONSTRAINT ins_endorsement_status_ck;
     ALTER TABLE ins_endorsement ADD CONSTRAINT ins_endorsement_status_ck
       CHECK (status IN ('applied','awaiting','approved','returned'));`,
  );
}
