import type { Kysely } from 'kysely';
import { execStatements } from './sql-util.ts';

/**
 * The band of the enterprise safety score was stored as `risk_level` (1 重大 … 4 低) and shown as 风险等级,
 * next to the enterprise risk of the rule table (ent_risk.risk_level), which is the one 风险等级. The band
 * becomes 评分等级 (`score_grade`: 1 优, 2 良, 3 中, 4 差), the best band first: old 4 (低) is 1 (优).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    ALTER TABLE ins_enterprise DROP CONSTRAINT ins_enterprise_risk_ck;
    ALTER TABLE ins_enterprise RENAME COLUMN risk_level TO score_grade;
    UPDATE ins_enterprise SET score_grade = 5 - score_grade WHERE score_grade IS NOT NULL;
    ALTER TABLE ins_enterprise ADD CONSTRAINT ins_enterprise_score_grade_ck
      CHECK (score_grade IS NULL OR score_grade BETWEEN 1 AND 4);

    ALTER TABLE ins_ent_score RENAME COLUMN risk_level TO score_grade;
    UPDATE ins_ent_score SET score_grade = 5 - score_grade;
    ALTER TABLE ins_ent_score ADD CONSTRAINT ins_ent_score_grade_ck CHECK (score_grade BETWEEN 1 AND 4);
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    ALTER TABLE ins_ent_score DROP CONSTRAINT ins_ent_score_grade_ck;
    UPDATE ins_ent_score SET score_grade = 5 - score_grade;
    ALTER TABLE ins_ent_score RENAME COLUMN score_grade TO risk_level;

    ALTER TABLE ins_enterprise DROP CONSTRAINT ins_enterprise_score_grade_ck;
    UPDATE ins_enterprise SET score_grade = 5 - score_grade WHERE score_grade IS NOT NULL;
    ALTER TABLE ins_enterprise RENAME COLUMN score_grade TO risk_level;
    ALTER TABLE ins_enterprise ADD CONSTRAINT ins_enterprise_risk_ck
      CHECK (risk_level IS NULL OR risk_level BETWEEN 1 AND 4);
    `,
  );
}
