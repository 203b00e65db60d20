import { type Kysely, sql } from 'kysely';
import { type PhoneCodec, phoneCodec } from './pii-0035.ts';
import { execStatements } from './sql-util.ts';

/**
 * Phone and mobile numbers at rest (security.md P03, issue 17 finding 10). Every column that held a phone
 * number in plain text is replaced by `<name>_enc`: '' (or NULL where the column was nullable) for no number,
 * otherwise SM4-CBC + HMAC-SM3 ciphertext in the v1 format of platform/pii.ts (pii-0035.ts). Where a number is
 * looked up — uniqueness, exact search, the plan record's experts matched to the pool — `<name>_hash` holds
 * its HMAC-SM3 blind index, and the unique indexes move from the number to the hash.
 *
 * Two JSON values held numbers too: a plan's experts (ap_plan.experts[].phone becomes phoneEnc) and a claim's
 * survey step (ins_claim_step.data.surveyorPhone becomes surveyorPhoneEnc). sys_sms_code.subject, the mobile
 * of a signup code or the account name typed for a recovery (which may be a mobile), becomes its keyed digest.
 *
 * Existing rows are converted in place, in batches of BATCH rows by primary key, inside the migration's
 * transaction (Kysely runs each migration in one on PostgreSQL and PGlite): all or nothing. The statistics
 * triggers of ins_claim and ap_plan are held off meanwhile (a phone is nothing they count). down() decrypts back
 * into the plain columns; a recovery code's subject cannot be recovered from its digest (such codes live five
 * minutes), a signup code's is its mobile again.
 */
const BATCH = 500;

interface PhoneColumn {
  name: string;
  /** The plain column's type, for down(). */
  plainType: string;
  nullable: boolean;
  /** The plain column had DEFAULT ''; otherwise the new columns lose their filling default afterwards. */
  hadDefault: boolean;
  hash: boolean;
}

interface PhoneTable {
  table: string;
  key: string[];
  columns: PhoneColumn[];
  /** Statistics triggers (0029) held off during the conversion. */
  triggers?: string[];
}

const col = (
  name: string,
  plainType: string,
  opts: { nullable?: boolean; hadDefault?: boolean; hash?: boolean } = {},
): PhoneColumn => ({
  name,
  plainType,
  nullable: opts.nullable ?? false,
  hadDefault: opts.hadDefault ?? true,
  hash: opts.hash ?? false,
});

const TABLES: PhoneTable[] = [
  { table: 'sys_org', key: ['id'], columns: [col('contact_phone', 'varchar(20)')] },
  {
    table: 'sys_user',
    key: ['id'],
    columns: [col('mobile', 'varchar(20)', { nullable: true, hadDefault: false, hash: true })],
  },
  {
    table: 'ins_enterprise',
    key: ['id'],
    columns: [
      col('legal_mobile', 'varchar(20)'),
      col('legal_duty_phone', 'varchar(30)'),
      col('safety_mobile', 'varchar(20)'),
    ],
  },
  { table: 'ins_insurer', key: ['id'], columns: [col('head_mobile', 'varchar(20)')] },
  { table: 'ins_technicist', key: ['id'], columns: [col('mobile', 'varchar(20)', { hadDefault: false })] },
  {
    table: 'ins_claim',
    key: ['id'],
    columns: [col('reporter_phone', 'varchar(30)', { hadDefault: false })],
    triggers: ['st_claim_upd'],
  },
  {
    table: 'cp_complaint',
    key: ['id'],
    columns: [col('contact_phone', 'varchar(30)', { hadDefault: false })],
  },
  {
    table: 'sv_service_org',
    key: ['org_id'],
    columns: [col('legal_phone', 'varchar(20)'), col('safety_phone', 'varchar(20)')],
  },
  {
    table: 'sv_expert',
    key: ['id'],
    columns: [col('mobile', 'varchar(20)', { hadDefault: false, hash: true })],
  },
  { table: 'ap_project', key: ['id'], columns: [col('contact_phone', 'varchar(30)')] },
  {
    table: 'ap_record_expert',
    key: ['record_id', 'seq'],
    columns: [col('phone', 'varchar(30)', { hash: true })],
  },
  { table: 'ap_training', key: ['id'], columns: [col('contact_phone', 'varchar(30)')] },
  { table: 'ap_training_signup', key: ['id'], columns: [col('contact_phone', 'varchar(30)')] },
  { table: 'ap_service_request', key: ['id'], columns: [col('contact_phone', 'varchar(30)')] },
  {
    table: 'sys_sms_code',
    key: ['id'],
    columns: [col('mobile', 'varchar(20)', { nullable: true, hadDefault: false })],
  },
  {
    table: 'sys_sms_outbox',
    key: ['id'],
    columns: [col('mobile', 'varchar(20)', { hadDefault: false, hash: true })],
  },
  {
    table: 'sys_registration',
    key: ['id'],
    columns: [col('mobile', 'varchar(20)', { hadDefault: false, hash: true })],
  },
];

type Row = Record<string, unknown>;

/**
 * Walks `table` by primary key in batches of the rows `where` selects (`k0…`, then `v0…` for `select`),
 * handing each batch to `fn`.
 */
async function eachBatch(
  db: Kysely<unknown>,
  table: string,
  key: string[],
  select: string[],
  where: string,
  fn: (rows: Row[]) => Promise<void>,
): Promise<void> {
  const keyList = key.map((k, i) => `${k} AS k${i}`).join(', ');
  const valueList = select.map((c, i) => `${c} AS v${i}`).join(', ');
  const order = key.join(', ');
  let last: unknown[] | undefined;
  for (;;) {
    const after = last ? sql` AND (${sql.raw(order)}) > (${sql.join(last.map((v) => sql`${v}`))})` : sql``;
    const rows = (
      await sql<Row>`SELECT ${sql.raw(keyList)}, ${sql.raw(valueList)} FROM ${sql.raw(table)}
        WHERE (${sql.raw(where)})${after} ORDER BY ${sql.raw(order)} LIMIT ${BATCH}`.execute(db)
    ).rows;
    if (rows.length === 0) return;
    await fn(rows);
    const tail = rows[rows.length - 1] as Row;
    last = key.map((_, i) => tail[`k${i}`]);
    if (rows.length < BATCH) return;
  }
}

/** UPDATE table SET set… FROM (VALUES …) matched on the key: one statement per batch. */
async function updateBatch(
  db: Kysely<unknown>,
  table: string,
  key: string[],
  targets: Array<{ column: string; cast: string }>,
  rows: Array<{ key: unknown[]; values: unknown[] }>,
): Promise<void> {
  if (rows.length === 0) return;
  const tuples = rows.map(
    (r) =>
      sql`(${sql.join([
        ...r.key.map((k) => sql`${k}::integer`),
        ...r.values.map((v, i) => sql`${v}::${sql.raw((targets[i] as { cast: string }).cast)}`),
      ])})`,
  );
  const names = [...key.map((_, i) => `k${i}`), ...targets.map((_, i) => `v${i}`)].join(', ');
  const set = targets.map((t, i) => `${t.column} = x.v${i}`).join(', ');
  const match = key.map((k, i) => `t.${k} = x.k${i}`).join(' AND ');
  await sql`UPDATE ${sql.raw(table)} AS t SET ${sql.raw(set)} FROM (VALUES ${sql.join(tuples)}) AS x(${sql.raw(names)})
    WHERE ${sql.raw(match)}`.execute(db);
}

async function withTriggersOff(db: Kysely<unknown>, t: PhoneTable, fn: () => Promise<void>): Promise<void> {
  for (const trig of t.triggers ?? [])
    await sql.raw(`ALTER TABLE ${t.table} DISABLE TRIGGER ${trig}`).execute(db);
  await fn();
  for (const trig of t.triggers ?? [])
    await sql.raw(`ALTER TABLE ${t.table} ENABLE TRIGGER ${trig}`).execute(db);
}

async function encryptTable(db: Kysely<unknown>, codec: PhoneCodec, t: PhoneTable): Promise<void> {
  const adds = t.columns.flatMap((c) => {
    const fill = c.nullable ? '' : " NOT NULL DEFAULT ''";
    return [
      `ADD COLUMN ${c.name}_enc text${fill}`,
      ...(c.hash ? [`ADD COLUMN ${c.name}_hash varchar(64)${fill}`] : []),
    ];
  });
  await sql.raw(`ALTER TABLE ${t.table} ${adds.join(', ')}`).execute(db);
  const targets = t.columns.flatMap((c) => [
    { column: `${c.name}_enc`, cast: 'text' },
    ...(c.hash ? [{ column: `${c.name}_hash`, cast: 'varchar' }] : []),
  ]);
  const where = t.columns.map((c) => `coalesce(${c.name}, '') <> ''`).join(' OR ');
  await withTriggersOff(db, t, () =>
    eachBatch(
      db,
      t.table,
      t.key,
      t.columns.map((c) => c.name),
      where,
      (rows) =>
        updateBatch(
          db,
          t.table,
          t.key,
          targets,
          rows.map((r) => ({
            key: t.key.map((_, i) => r[`k${i}`]),
            values: t.columns.flatMap((c, i) => {
              const plain = (r[`v${i}`] as string | null) ?? '';
              const none = c.nullable ? null : '';
              return [
                plain ? codec.encrypt(plain) : none,
                ...(c.hash ? [plain ? codec.index(plain) : none] : []),
              ];
            }),
          })),
        ),
    ),
  );
  const drops = t.columns.map((c) => `DROP COLUMN ${c.name}`);
  const keepNoDefault = t.columns
    .filter((c) => !c.nullable && !c.hadDefault)
    .flatMap((c) => [
      `ALTER COLUMN ${c.name}_enc DROP DEFAULT`,
      ...(c.hash ? [`ALTER COLUMN ${c.name}_hash DROP DEFAULT`] : []),
    ]);
  await sql.raw(`ALTER TABLE ${t.table} ${[...drops, ...keepNoDefault].join(', ')}`).execute(db);
}

async function decryptTable(db: Kysely<unknown>, codec: PhoneCodec, t: PhoneTable): Promise<void> {
  const adds = t.columns.map(
    (c) => `ADD COLUMN ${c.name} ${c.plainType}${c.nullable ? '' : " NOT NULL DEFAULT ''"}`,
  );
  await sql.raw(`ALTER TABLE ${t.table} ${adds.join(', ')}`).execute(db);
  const where = t.columns.map((c) => `coalesce(${c.name}_enc, '') <> ''`).join(' OR ');
  await withTriggersOff(db, t, () =>
    eachBatch(
      db,
      t.table,
      t.key,
      t.columns.map((c) => `${c.name}_enc`),
      where,
      (rows) =>
        updateBatch(
          db,
          t.table,
          t.key,
          t.columns.map((c) => ({ column: c.name, cast: 'varchar' })),
          rows.map((r) => ({
            key: t.key.map((_, i) => r[`k${i}`]),
            values: t.columns.map((c, i) => {
              const stored = (r[`v${i}`] as string | null) ?? '';
              return stored ? codec.decrypt(stored) : c.nullable ? null : '';
            }),
          })),
        ),
    ),
  );
  const drops = t.columns.flatMap((c) => [
    `DROP COLUMN ${c.name}_enc`,
    ...(c.hash ? [`DROP COLUMN ${c.name}_hash`] : []),
  ]);
  const noDefault = t.columns
    .filter((c) => !c.nullable && !c.hadDefault)
    .map((c) => `ALTER COLUMN ${c.name} DROP DEFAULT`);
  await sql.raw(`ALTER TABLE ${t.table} ${[...drops, ...noDefault].join(', ')}`).execute(db);
}

/** Rewrites one JSON column's rows that `where` selects, through `fn`. */
async function rewriteJson(
  db: Kysely<unknown>,
  table: string,
  column: string,
  where: string,
  trigger: string | undefined,
  fn: (value: unknown) => unknown,
): Promise<void> {
  const t: PhoneTable = { table, key: ['id'], columns: [], ...(trigger ? { triggers: [trigger] } : {}) };
  await withTriggersOff(db, t, () =>
    eachBatch(db, table, ['id'], [column], where, (rows) =>
      updateBatch(
        db,
        table,
        ['id'],
        [{ column, cast: 'jsonb' }],
        rows.map((r) => {
          const raw = r.v0;
          const value = typeof raw === 'string' ? JSON.parse(raw) : raw;
          return { key: [r.k0], values: [JSON.stringify(fn(value))] };
        }),
      ),
    ),
  );
}

type Json = Record<string, unknown>;

export async function up(db: Kysely<unknown>): Promise<void> {
  const codec = phoneCodec();
  await execStatements(
    db,
    `DROP INDEX IF EXISTS sys_user_mobile_uq;
     DROP INDEX IF EXISTS sys_registration_mobile_uq;`,
  );
  for (const t of TABLES) await encryptTable(db, codec, t);
  await rewriteJson(
    db,
    'ap_plan',
    'experts',
    `CASE WHEN jsonb_typeof(experts) = 'array' THEN EXISTS (SELECT 1 FROM jsonb_array_elements(experts) e WHERE e ? 'phone') ELSE false END`,
    'st_plan_upd',
    (experts) =>
      (experts as Json[]).map((e) => {
        if (!('phone' in e)) return e;
        const { phone, ...rest } = e;
        return { ...rest, phoneEnc: typeof phone === 'string' && phone ? codec.encrypt(phone) : '' };
      }),
  );
  await rewriteJson(db, 'ins_claim_step', 'data', `data ? 'surveyorPhone'`, undefined, (data) => {
    const { surveyorPhone, ...rest } = data as Json;
    return {
      ...rest,
      surveyorPhoneEnc:
        typeof surveyorPhone === 'string' && surveyorPhone ? codec.encrypt(surveyorPhone) : '',
    };
  });
  // A code's subject: the mobile (signup) or the account name typed (recovery), now as its keyed digest.
  await eachBatch(db, 'sys_sms_code', ['id'], ['subject'], 'true', (rows) =>
    updateBatch(
      db,
      'sys_sms_code',
      ['id'],
      [{ column: 'subject', cast: 'varchar' }],
      rows.map((r) => ({ key: [r.k0], values: [codec.smsSubject(String(r.v0))] })),
    ),
  );
  await execStatements(
    db,
    `CREATE UNIQUE INDEX sys_user_mobile_hash_uq ON sys_user (mobile_hash) WHERE deleted_at IS NULL AND mobile_hash IS NOT NULL;
     CREATE UNIQUE INDEX sys_registration_mobile_hash_uq ON sys_registration (mobile_hash) WHERE status IN (1,2);
     CREATE INDEX sys_sms_outbox_mobile_hash_ix ON sys_sms_outbox (mobile_hash, id DESC);
     CREATE INDEX sv_expert_mobile_hash_ix ON sv_expert (mobile_hash);`,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const codec = phoneCodec();
  await execStatements(
    db,
    `DROP INDEX IF EXISTS sys_user_mobile_hash_uq;
     DROP INDEX IF EXISTS sys_registration_mobile_hash_uq;
     DROP INDEX IF EXISTS sys_sms_outbox_mobile_hash_ix;
     DROP INDEX IF EXISTS sv_expert_mobile_hash_ix;`,
  );
  // Signup codes get their mobile back as the subject (before the mobile column turns plain again).
  await eachBatch(
    db,
    'sys_sms_code',
    ['id'],
    ['mobile_enc'],
    `purpose = 'signup' AND mobile_enc IS NOT NULL`,
    (rows) =>
      updateBatch(
        db,
        'sys_sms_code',
        ['id'],
        [{ column: 'subject', cast: 'varchar' }],
        rows.map((r) => ({ key: [r.k0], values: [codec.decrypt(String(r.v0))] })),
      ),
  );
  await rewriteJson(db, 'ins_claim_step', 'data', `data ? 'surveyorPhoneEnc'`, undefined, (data) => {
    const { surveyorPhoneEnc, ...rest } = data as Json;
    return {
      ...rest,
      surveyorPhone:
        typeof surveyorPhoneEnc === 'string' && surveyorPhoneEnc ? codec.decrypt(surveyorPhoneEnc) : '',
    };
  });
  await rewriteJson(
    db,
    'ap_plan',
    'experts',
    `CASE WHEN jsonb_typeof(experts) = 'array' THEN EXISTS (SELECT 1 FROM jsonb_array_elements(experts) e WHERE e ? 'phoneEnc') ELSE false END`,
    'st_plan_upd',
    (experts) =>
      (experts as Json[]).map((e) => {
        if (!('phoneEnc' in e)) return e;
        const { phoneEnc, ...rest } = e;
        return { ...rest, phone: typeof phoneEnc === 'string' && phoneEnc ? codec.decrypt(phoneEnc) : '' };
      }),
  );
  for (const t of [...TABLES].reverse()) await decryptTable(db, codec, t);
  await execStatements(
    db,
    `CREATE UNIQUE INDEX sys_user_mobile_uq ON sys_user (mobile) WHERE deleted_at IS NULL AND mobile IS NOT NULL;
     CREATE UNIQUE INDEX sys_registration_mobile_uq ON sys_registration (mobile) WHERE status IN (1,2);`,
  );
}
