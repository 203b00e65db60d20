import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { down, up } from '../src/db/migrations/0035_phone_encryption.ts';
import type { DB } from '../src/db/schema.ts';
import { decryptPhone, phoneIndex, smsSubjectDigest } from '../src/platform/pii.ts';
import { createTestContext, openTestDatabase, type TestContext } from './helpers.ts';

/**
 * Phone numbers at rest (security.md P03, issue 17 finding 10): no column holds a plain number, the demo
 * database holds none of its numbers in the clear anywhere, and migration 0035 converts a database whose rows
 * still hold plain numbers (in batches: more rows than one batch), after which the app finds and shows them.
 */

/** Numbers the demo seed gives accounts, experts, organisations, complaints and trainings. */
const DEMO_NUMBERS = [
  ...Array.from({ length: 11 }, (_, i) => `138052700${String(i + 1).padStart(2, '0')}`),
  ...Array.from({ length: 14 }, (_, i) => `13905270${String(101 + i)}`),
  '13905271234',
  '13705273456',
  '13805279988',
  '13805276601',
  '13805276602',
  '13805271234',
  '13905271111',
];

/** Columns whose name says they hold a phone but are not its ciphertext or blind index. */
async function plainPhoneColumns(db: Kysely<DB>): Promise<string[]> {
  const rows = await sql<{ t: string; c: string }>`SELECT table_name AS t, column_name AS c
    FROM information_schema.columns
    WHERE table_schema = current_schema() AND column_name ~ '(mobile|phone)' AND column_name !~ '_(enc|hash)$'
    ORDER BY 1, 2`.execute(db);
  return rows.rows.map((r) => `${r.t}.${r.c}`);
}

/** Every text or JSON column of every table whose value contains one of `numbers`, as table.column. */
async function columnsHolding(db: Kysely<DB>, numbers: string[]): Promise<string[]> {
  const cols = await sql<{ t: string; c: string }>`SELECT c.table_name AS t, c.column_name AS c
    FROM information_schema.columns c JOIN information_schema.tables t
      ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
    WHERE c.table_schema = current_schema()
      AND c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb')
    ORDER BY 1, 2`.execute(db);
  const patterns = sql.join(numbers.map((n) => sql`${`%${n}%`}`));
  const hits: string[] = [];
  for (const { t, c } of cols.rows) {
    const found = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(t)}
      WHERE ${sql.ref(c)}::text LIKE ANY (ARRAY[${patterns}])`.execute(db);
    if (Number(found.rows[0]?.n ?? 0) > 0) hits.push(`${t}.${c}`);
  }
  return hits;
}

describe('phone numbers at rest', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
  });
  afterAll(() => drop());

  it('no column holds a plain phone number, and the demo database holds none of its numbers in the clear', async () => {
    expect(await plainPhoneColumns(database.db)).toEqual([]);
    expect(await columnsHolding(database.db, DEMO_NUMBERS)).toEqual([]);
    // The numbers are there, encrypted: the seeded operations account of an enterprise reads back.
    const ent = await database.db
      .selectFrom('sysUser')
      .select(['mobileEnc', 'mobileHash'])
      .where('username', '=', 'ent')
      .executeTakeFirstOrThrow();
    expect(decryptPhone(ent.mobileEnc)).toBe('13805270003');
    expect(ent.mobileHash).toBe(phoneIndex('13805270003'));
  });
});

describe('migration 0035 (phone numbers encrypted in place)', () => {
  let t: TestContext;
  /** The plain rows a database of the previous release holds: more users than one batch (500). */
  const BULK = 1_203;
  const bulkMobile = (n: number) => `1390000${String(n).padStart(4, '0')}`;
  let planId: number;
  let stepId: number;

  beforeAll(async () => {
    const { database } = await openTestDatabase();
    const db = database.db;
    await db.transaction().execute(async (trx) => {
      await down(trx as never);
      // down gave the plain columns back, decrypted.
      const ent = await sql<{ mobile: string }>`SELECT mobile FROM sys_user WHERE username = 'ent'`.execute(
        trx,
      );
      expect(ent.rows[0]?.mobile).toBe('13805270003');
      const hash = (
        await sql<{ h: string }>`SELECT password_hash AS h FROM sys_user WHERE username = 'ent'`.execute(trx)
      ).rows[0]!.h;
      const role = (
        await sql<{ id: number }>`SELECT id FROM sys_role WHERE role_key = 'ROLE_USER'`.execute(trx)
      ).rows[0]!.id;
      await sql`INSERT INTO sys_user (username, password_hash, role_id, mobile)
        SELECT 'plain' || n, ${hash}, ${role}, '1390000' || lpad(n::text, 4, '0')
        FROM generate_series(1, ${BULK}) AS n`.execute(trx);
      await sql`INSERT INTO sys_sms_code (purpose, subject, mobile, code_hash, created_at, expires_at)
        VALUES ('signup', '13912340000', '13912340000', repeat('0', 64), now(), now())`.execute(trx);
      planId = (await sql<{ id: number }>`SELECT min(id) AS id FROM ap_plan`.execute(trx)).rows[0]!.id;
      await sql`UPDATE ap_plan SET experts = ${JSON.stringify([
        { name: '吴志明', orgId: null, title: '注册安全工程师', phone: '13912345678' },
        { name: '外聘专家', orgId: null, title: '', phone: '' },
      ])}::jsonb WHERE id = ${planId}`.execute(trx);
      stepId = (await sql<{ id: number }>`SELECT min(id) AS id FROM ins_claim_step`.execute(trx)).rows[0]!.id;
      await sql`UPDATE ins_claim_step SET data = data || ${JSON.stringify({
        surveyorName: '周查勘',
        surveyorPhone: '13912349999',
      })}::jsonb WHERE id = ${stepId}`.execute(trx);
      await sql`UPDATE sys_registration SET mobile = '13912348888'
        WHERE id = (SELECT min(id) FROM sys_registration)`.execute(trx);
      await up(trx as never);
    });
    t = await createTestContext({ LOGIN_RATE_MAX: '10000' }, async () => database);
  }, 300_000);
  afterAll(() => t.close());

  it('converts every plain column (in batches) and drops it; the indexes move to the hashes', async () => {
    const db = t.database.db;
    expect(await plainPhoneColumns(db)).toEqual([]);
    expect(
      await columnsHolding(db, [
        ...DEMO_NUMBERS,
        bulkMobile(1),
        bulkMobile(BULK),
        '13912345678',
        '13912349999',
      ]),
    ).toEqual([]);
    const bulk = await db
      .selectFrom('sysUser')
      .select(['username', 'mobileEnc', 'mobileHash'])
      .where('username', 'like', 'plain%')
      .execute();
    expect(bulk).toHaveLength(BULK);
    for (const u of bulk) {
      const n = Number(u.username.slice('plain'.length));
      expect(decryptPhone(u.mobileEnc)).toBe(bulkMobile(n));
      expect(u.mobileHash).toBe(phoneIndex(bulkMobile(n)));
    }
    const indexes = (
      await sql<{ name: string }>`SELECT indexname AS name FROM pg_indexes
        WHERE schemaname = current_schema() AND indexname LIKE '%mobile%'`.execute(db)
    ).rows.map((r) => r.name);
    expect(indexes).toEqual(
      expect.arrayContaining(['sys_user_mobile_hash_uq', 'sys_registration_mobile_hash_uq']),
    );
    expect(indexes).not.toContain('sys_user_mobile_uq');
    expect(indexes).not.toContain('sys_registration_mobile_uq');
  });

  it('turns the JSON numbers and the SMS subjects into ciphertext and digests', async () => {
    const db = t.database.db;
    const plan = await db
      .selectFrom('apPlan')
      .select('experts')
      .where('id', '=', planId)
      .executeTakeFirstOrThrow();
    expect(plan.experts.map((e) => ({ name: e.name, phone: decryptPhone(e.phoneEnc) }))).toEqual([
      { name: '吴志明', phone: '13912345678' },
      { name: '外聘专家', phone: '' },
    ]);
    expect(plan.experts.every((e) => !('phone' in e))).toBe(true);
    const step = await db
      .selectFrom('insClaimStep')
      .select('data')
      .where('id', '=', stepId)
      .executeTakeFirstOrThrow();
    expect(step.data).not.toHaveProperty('surveyorPhone');
    expect(decryptPhone(String(step.data.surveyorPhoneEnc))).toBe('13912349999');
    const code = await db
      .selectFrom('sysSmsCode')
      .select(['subject', 'mobileEnc'])
      .where('subject', '=', smsSubjectDigest('13912340000'))
      .executeTakeFirstOrThrow();
    expect(decryptPhone(code.mobileEnc)).toBe('13912340000');
    expect(
      await db
        .selectFrom('sysRegistration')
        .select('id')
        .where('mobileHash', '=', phoneIndex('13912348888'))
        .executeTakeFirst(),
    ).toBeDefined();
  });

  it('the app finds a converted user by mobile and shows the number masked, in full on an audited reveal', async () => {
    const admin = await t.login('admin');
    const found = await t.call({
      method: 'POST',
      url: `/api/sys/user/searchUserList.json?mobile=${bulkMobile(777)}`,
      token: admin,
    });
    expect(found.statusCode).toBe(200);
    const list = found.json().data.list as Array<{ id: number; username: string; mobile: string }>;
    expect(list.map((u) => [u.username, u.mobile])).toEqual([['plain777', '139****0777']]);
    const full = await t.call({
      method: 'POST',
      url: `/api/sys/user/getUserById?id=${list[0]!.id}&reveal=true`,
      token: admin,
    });
    expect(full.json().data.mobile).toBe(bulkMobile(777));
    // The migrated demo reads as before: an enterprise's contacts, masked, in full by the reveal (P04).
    const ent = await t.login('ent');
    const mine = await t.call({ method: 'POST', url: '/api/enterprise/mine', token: ent });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.legalMobile).toMatch(/^1[3-9]\d\*{4}\d{4}$/);
    const shown = await t.call({
      method: 'POST',
      url: '/api/pii/reveal',
      token: ent,
      payload: { kind: 'enterprise', id: mine.json().data.id, field: 'legalMobile' },
    });
    expect(shown.json().data.value).toMatch(/^1[3-9]\d{9}$/);
    expect(shown.json().data.value.slice(-4)).toBe(mine.json().data.legalMobile.slice(-4));
  });

  it('down decrypts back into plain columns (a signup code gets its mobile back as subject), up again round-trips', async () => {
    const db = t.database.db;
    await db
      .transaction()
      .execute(async (trx) => {
        await down(trx as never);
        const back = await sql<{
          mobile: string;
        }>`SELECT mobile FROM sys_user WHERE username = 'plain42'`.execute(trx);
        expect(back.rows[0]?.mobile).toBe(bulkMobile(42));
        // The scan the tests above rely on does see plain numbers where they are.
        expect(await columnsHolding(trx, [bulkMobile(42), '13912349999'])).toEqual([
          'ins_claim_step.data',
          'sys_user.mobile',
        ]);
        const subject = await sql<{ subject: string }>`SELECT subject FROM sys_sms_code
          WHERE mobile = '13912340000'`.execute(trx);
        expect(subject.rows[0]?.subject).toBe('13912340000');
        await up(trx as never);
        const again = await trx
          .selectFrom('sysUser')
          .select('mobileEnc')
          .where('username', '=', 'plain42')
          .executeTakeFirstOrThrow();
        expect(decryptPhone(again.mobileEnc)).toBe(bulkMobile(42));
        throw new Error('rollback');
      })
      .catch((e: Error) => {
        if (e.message !== 'rollback') throw e;
      });
  });
});
