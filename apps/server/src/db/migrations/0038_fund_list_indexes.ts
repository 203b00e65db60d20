import type { Kysely } from 'kysely';
import { execStatements } from './sql-util.ts';

/**
 * The prevention fund ledger's list at 1,000,000 policies (issue 18; one fund per policy and insurer):
 *  - ap_fund_updated_idx: the ledger in list order (newest change first) for a regulator of several
 *    districts, whose page was a sort of every fund (2.1 s at 1.1 million funds; 0.2 ms walking this index);
 *    the per-insurer and per-district indexes of 0019 serve one insurer and one district;
 *  - ap_fund_state_idx: the state filter in list order, so a rare state (已核销) reads its own rows instead
 *    of every fund (100 ms → 0.1 ms for five of 1.1 million);
 *  - ap_fund_enterprise_idx: the funds of the enterprises a keyword names (found in their name pair index,
 *    0033), so a keyword with few matches reads only those.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    CREATE INDEX ap_fund_updated_idx ON ap_fund (updated_at DESC, id DESC);
    CREATE INDEX ap_fund_state_idx ON ap_fund (state, updated_at DESC, id DESC);
    CREATE INDEX ap_fund_enterprise_idx ON ap_fund (enterprise_id);
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    DROP INDEX IF EXISTS ap_fund_enterprise_idx;
    DROP INDEX IF EXISTS ap_fund_state_idx;
    DROP INDEX IF EXISTS ap_fund_updated_idx;
    `,
  );
}
