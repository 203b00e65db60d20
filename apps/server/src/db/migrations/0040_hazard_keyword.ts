import type { Kysely } from 'kysely';
import { execStatements } from './sql-util.ts';

/**
 * Keyword search of the hazard lists at 1,000,000 hazards (issue 18): a pair index (as 0033's) on the
 * description, so a two-character keyword finds its hazards by the index (with the enterprises the name pair
 * index of 0033 finds) instead of checking every hazard of the scope.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `CREATE INDEX ap_hazard_description_bigrams ON ap_hazard USING gin (search_bigrams(description));`,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(db, `DROP INDEX IF EXISTS ap_hazard_description_bigrams;`);
}
