import { type Kysely, sql } from 'kysely';

/**
 * A helper of the migrations, frozen with them: a migration imports only packages and files of this folder,
 * so what it runs never changes with live code. Change it only in a way every existing migration keeps its
 * meaning under (or copy it for a new migration).
 *
 * Runs a block of DDL statements one by one. PGlite's extended-protocol `query` takes a single
 * statement, so a migration's SQL text is split on statement-ending semicolons (migrations keep
 * one statement per `;` line end and no semicolons inside bodies).
 */
export async function execStatements(db: Kysely<unknown>, text: string): Promise<void> {
  const statements = text
    .split(/;\s*(?:\n|$)/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  for (const statement of statements) {
    await sql.raw(statement).execute(db);
  }
}
