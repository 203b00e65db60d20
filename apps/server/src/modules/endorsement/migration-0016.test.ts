import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/helpers.ts';
import type { Database } from '../../db/database.ts';
import { down, up } from '../../db/migrations/0016_policy_draft_withdraw.ts';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
});
afterAll(() => drop());

const columns = async (db: Database['db']) =>
  (
    await sql<{
      name: string;
    }>`SELECT column_name AS name FROM information_schema.columns WHERE table_name = 'ins_policy'`.execute(db)
  ).rows.map((r) => r.name);

describe('migration 0016 (withdrawn endorsements, draft_missing, issue snapshot times)', () => {
  it('down turns withdrawn into returned and drops the column; up restores both and dates issue versions', async () => {
    await database.db
      .transaction()
      .execute(async (trx) => {
        const en = await trx
          .selectFrom('insEndorsement')
          .select(['id'])
          .where('status', '=', 'applied')
          .orderBy('id')
          .executeTakeFirstOrThrow();
        await trx
          .updateTable('insEndorsement')
          .set({ status: 'withdrawn' })
          .where('id', '=', en.id)
          .execute();
        await down(trx as never);
        const back = await trx
          .selectFrom('insEndorsement')
          .select(['status', 'reviewRemark'])
          .where('id', '=', en.id)
          .executeTakeFirstOrThrow();
        expect(back).toEqual({ status: 'returned', reviewRemark: '企业已撤回' });
        expect(await columns(trx)).not.toContain('draft_missing');

        // An issue version taken at a later endorsement's approval (before the fix) ...
        const p = await trx
          .selectFrom('insPolicy')
          .select(['id', 'version', 'reviewedAt', 'reviewedBy'])
          .where('status', '=', 'approved')
          .where('reviewedAt', 'is not', null)
          .orderBy('id')
          .executeTakeFirstOrThrow();
        await trx.deleteFrom('insPolicySnapshot').where('policyId', '=', p.id).execute();
        await trx
          .insertInto('insPolicySnapshot')
          .values({
            policyId: p.id,
            policyVersion: p.version,
            reason: 'issue',
            endorsementId: null,
            snapshot: '{}',
            createdAt: new Date(p.reviewedAt!.getTime() + 30 * 86_400_000),
            createdBy: null,
          })
          .execute();

        await up(trx as never);
        expect(await columns(trx)).toContain('draft_missing');
        await trx
          .updateTable('insEndorsement')
          .set({ status: 'withdrawn' })
          .where('id', '=', en.id)
          .execute();
        // ... is dated the issue, by the issuer.
        const snap = await trx
          .selectFrom('insPolicySnapshot')
          .select(['createdAt', 'createdBy'])
          .where('policyId', '=', p.id)
          .executeTakeFirstOrThrow();
        expect(snap).toEqual({ createdAt: p.reviewedAt, createdBy: p.reviewedBy });
        throw new Error('rollback');
      })
      .catch((e: Error) => expect(e.message).toBe('rollback'));
  });
});
