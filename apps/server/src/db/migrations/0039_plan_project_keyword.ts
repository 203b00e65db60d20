import type { Kysely } from 'kysely';
import { execStatements } from './sql-util.ts';

/**
 * Keyword search of the service plan and project lists at 1,000,000 plans (issue 18): pair indexes (as 0033's)
 * on the plan name and on the project name with its contract number, so a two-character keyword finds its
 * plans and projects by the index (with the enterprises the name pair index of 0033 finds) instead of checking
 * every plan of the scope.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    CREATE INDEX ap_plan_name_bigrams ON ap_plan USING gin (search_bigrams(name));
    CREATE INDEX ap_project_name_bigrams ON ap_project USING gin (search_bigrams(name, contract_no));
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    DROP INDEX IF EXISTS ap_project_name_bigrams;
    DROP INDEX IF EXISTS ap_plan_name_bigrams;
    `,
  );
}
