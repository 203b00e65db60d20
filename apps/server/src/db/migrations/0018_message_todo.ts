import type { Kysely } from 'kysely';
import { execStatements } from './sql-util.ts';

/**
 * To-dos (待办) of business events (modules/message/notify.ts, the catalogue in notifications.ts):
 *  - `event`: the catalogue code of the event that sent the message (e.g. 'policy.submitted'), so the
 *    to-dos of one task on one record can be closed and tests can find what an event sent;
 *  - `done_at`: when the task moved on (a to-do closes; a system message never has it).
 * Two partial indexes: the open to-dos of a record (closing them) and of a user (the badge count).
 *
 * Tasks already waiting when the platform is upgraded get their to-do, so the people who must act see
 * them: submitted policy applications and applied endorsements (the lead insurer reviews), reported claims
 * (the lead insurer registers) and applications an enterprise entered that came back (it fixes and
 * resubmits). Titles and links are those of the catalogue at this release.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `ALTER TABLE sys_message ADD COLUMN event varchar(40) NOT NULL DEFAULT '';
     ALTER TABLE sys_message ADD COLUMN done_at timestamptz;
     ALTER TABLE sys_message ADD CONSTRAINT sys_message_done_ck CHECK (done_at IS NULL OR kind = 'todo');
     CREATE INDEX sys_message_open_todo_biz_idx ON sys_message (biz_type, biz_id) WHERE kind = 'todo' AND done_at IS NULL;
     CREATE INDEX sys_message_open_todo_user_idx ON sys_message (user_id) WHERE kind = 'todo' AND done_at IS NULL;
     INSERT INTO sys_message (user_id, kind, title, content, link, biz_type, biz_id, event, created_at)
       SELECT u.id, 'todo', left('审核投保申请：' || p.holder_name, 100),
              '投保单号 ' || p.application_no || '，请审核后出单或退回。',
              '/insurance/azx/PolicyDetail/route?id=' || p.id, 'policy', p.id::text, 'policy.submitted', now()
         FROM ins_policy p JOIN sys_user u ON u.org_id = p.insurer_id
        WHERE p.status = 'submitted' AND u.deleted_at IS NULL AND u.status <> 2;
     INSERT INTO sys_message (user_id, kind, title, content, link, biz_type, biz_id, event, created_at)
       SELECT u.id, 'todo', left('修改投保申请后重新提交：' || p.holder_name, 100),
              '投保单号 ' || p.application_no || ' 审核未通过' ||
                CASE WHEN p.review_remark <> '' THEN '，原因：' || p.review_remark ELSE '' END || '。请修改后重新提交。',
              '/ent/Entazx/EntInsuranceDetail/route?id=' || p.id, 'policy', p.id::text, 'policy.returned', now()
         FROM ins_policy p JOIN sys_user u ON u.org_id = p.enterprise_id
        WHERE p.status = 'rejected' AND p.entered_by = 'enterprise' AND u.deleted_at IS NULL AND u.status <> 2;
     INSERT INTO sys_message (user_id, kind, title, content, link, biz_type, biz_id, event, created_at)
       SELECT u.id, 'todo', left('审核批改申请：' || o.name, 100),
              '批单号 ' || e.endorsement_no || '，请审核后通过或退回。',
              '/insurance/azx/EndorsementManage/route?id=' || e.id, 'endorsement', e.id::text, 'endorsement.applied', now()
         FROM ins_endorsement e JOIN sys_org o ON o.id = e.enterprise_id JOIN sys_user u ON u.org_id = e.insurer_id
        WHERE e.status = 'applied' AND u.deleted_at IS NULL AND u.status <> 2;
     INSERT INTO sys_message (user_id, kind, title, content, link, biz_type, biz_id, event, created_at)
       SELECT u.id, 'todo', left('受理报案：' || o.name, 100),
              '报案号 ' || c.report_no || '，请核实后立案或撤案。',
              '/insurance/azx/ClaimDetail/route?id=' || c.id, 'claim', c.id::text, 'claim.reported', now()
         FROM ins_claim c JOIN sys_org o ON o.id = c.enterprise_id JOIN sys_user u ON u.org_id = c.insurer_id
        WHERE c.phase = 'reported' AND u.deleted_at IS NULL AND u.status <> 2;`,
  );
}

/** Down: the columns and indexes go; the to-dos stay as messages (kind todo, without done state). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `DROP INDEX IF EXISTS sys_message_open_todo_user_idx;
     DROP INDEX IF EXISTS sys_message_open_todo_biz_idx;
     ALTER TABLE sys_message DROP CONSTRAINT IF EXISTS sys_message_done_ck;
     ALTER TABLE sys_message DROP COLUMN IF EXISTS done_at;
     ALTER TABLE sys_message DROP COLUMN IF EXISTS event;`,
  );
}
