import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/helpers.ts';
import type { Database } from '../../db/database.ts';
import { down, up } from '../../db/migrations/0018_message_todo.ts';
import { NOTIFICATIONS, recordLink } from './notifications.ts';

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
    }>`SELECT column_name AS name FROM information_schema.columns WHERE table_name = 'sys_message'`.execute(
      db,
    )
  ).rows.map((r) => r.name);

describe('migration 0018 (to-dos: event, done_at; the tasks already waiting)', () => {
  it('down drops the columns; up brings them back and gives each waiting task its to-do', async () => {
    await database.db
      .transaction()
      .execute(async (trx) => {
        await down(trx as never);
        expect(await columns(trx)).not.toContain('done_at');
        expect(await columns(trx)).not.toContain('event');
        await trx.deleteFrom('sysMessage').execute();
        await up(trx as never);
        expect(await columns(trx)).toEqual(expect.arrayContaining(['done_at', 'event']));

        const todos = await trx
          .selectFrom('sysMessage')
          .select(['userId', 'kind', 'event', 'bizType', 'bizId', 'link', 'title', 'content', 'doneAt'])
          .orderBy('id')
          .execute();
        const users = await trx
          .selectFrom('sysUser')
          .select(['id', 'orgId'])
          .where('deletedAt', 'is', null)
          .where('status', '!=', 2)
          .execute();
        /** (user, record) pairs expected: every active user of the organisation holding the task. */
        const expected = (rows: Array<{ id: number; orgId: number }>) =>
          rows.flatMap((r) => users.filter((u) => u.orgId === r.orgId).map((u) => `${u.id}:${r.id}`)).sort();
        const got = (event: string) =>
          todos
            .filter((m) => m.event === event)
            .map((m) => `${m.userId}:${m.bizId}`)
            .sort();
        const submitted = await trx
          .selectFrom('insPolicy')
          .select(['id', 'insurerId as orgId'])
          .where('status', '=', 'submitted')
          .execute();
        const returned = await trx
          .selectFrom('insPolicy')
          .select(['id', 'enterpriseId as orgId'])
          .where('status', '=', 'rejected')
          .where('enteredBy', '=', 'enterprise')
          .execute();
        const applied = await trx
          .selectFrom('insEndorsement')
          .select(['id', 'insurerId as orgId'])
          .where('status', '=', 'applied')
          .execute();
        const reported = await trx
          .selectFrom('insClaim')
          .select(['id', 'insurerId as orgId'])
          .where('phase', '=', 'reported')
          .execute();
        const cases = [
          ['policy.submitted', submitted],
          ['policy.returned', returned],
          ['endorsement.applied', applied],
          ['claim.reported', reported],
        ] as const;
        for (const [event, rows] of cases) expect(got(event), event).toEqual(expected(rows));
        // The demo has waiting tasks with people to do them (otherwise this test would prove nothing).
        expect(got('endorsement.applied').length).toBeGreaterThan(0);
        expect(got('claim.reported').length).toBeGreaterThan(0);
        expect(todos).toHaveLength(cases.reduce((n, [e]) => n + got(e).length, 0));
        // The same texts and link as notify() sends for a new task of that kind (catalogue of this release).
        const claim = todos.find((m) => m.event === 'claim.reported')!;
        const c = await trx
          .selectFrom('insClaim as c')
          .innerJoin('sysOrg as o', 'o.id', 'c.enterpriseId')
          .select(['c.id', 'c.reportNo', 'o.name'])
          .where('c.id', '=', Number(claim.bizId))
          .executeTakeFirstOrThrow();
        const record = { id: c.id, no: c.reportNo, enterpriseId: 0, enterpriseName: c.name, insurerId: 0 };
        expect(claim).toEqual({
          userId: claim.userId,
          kind: 'todo',
          event: 'claim.reported',
          bizType: 'claim',
          bizId: String(c.id),
          link: recordLink('claim', 'insurer', c.id),
          title: NOTIFICATIONS['claim.reported'].title(record),
          content: NOTIFICATIONS['claim.reported'].content(record),
          doneAt: null,
        });
        expect(todos.every((m) => m.kind === 'todo')).toBe(true);
        throw new Error('rollback');
      })
      .catch((e: Error) => {
        if (e.message !== 'rollback') throw e;
      });
  });
});
