import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../platform/context.ts';
import { msUntilHour } from '../../platform/dates.ts';
import { chinaHourSlot, runClaimed } from '../../platform/job-claim.ts';
import type { FileStorage } from '../../platform/storage/storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The orphan-upload sweep of this app (scheduled when the app is ready, stopped when it closes). */
    fileSweep: FileSweep;
  }
}

export interface FileSweepResult {
  /** False when another instance held the sweep (it runs on one instance at a time). */
  ran: boolean;
  /** Files newly found named by a record (sys_file.attached_at set). */
  attached: number;
  /** Orphans removed, row and bytes. */
  removed: number;
  /** What crashed uploads left, removed: `.part` files (local), incomplete multipart uploads (s3). */
  staleParts: number;
}

export interface FileSweep {
  start(): void;
  stop(): Promise<void>;
  /** One run now (tests call it after moving the fake clock); a run already going is joined. */
  runOnce(): Promise<FileSweepResult>;
  /**
   * The scheduled run: by the one instance that claims this China-time hour (platform/job-claim.ts), so the
   * storage's leftovers are listed and removed once across instances; undefined when another instance has it.
   */
  runScheduled(): Promise<FileSweepResult | undefined>;
}

/**
 * Tables whose mention of a file id does not attach the file to anything: the file table itself, logs (the
 * upload's own operation-log row names it), stored idempotent responses (the upload's answer), sessions and
 * codes. Every other table's text columns count, so a module that starts keeping file ids needs no change here.
 */
export const NOT_ATTACHING_TABLES: ReadonlySet<string> = new Set([
  'sys_file',
  'sys_oper_log',
  'sys_request_log',
  'sys_push_log',
  'idempotency_key',
  'sys_session',
  'sys_login_attempt',
  'sys_password_history',
  'sys_sms_code',
  'sys_sms_outbox',
  'sys_wx_oauth_state',
  'kysely_migration',
  'kysely_migration_lock',
]);

const UUID_RE = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** pg_try_advisory_xact_lock key of the sweep ("fileswep"). */
const SWEEP_LOCK = 0x66696c65_73776570n;
const HOUR_MS = 3_600_000;

/** Text-like columns (ids are 36 characters) of every table that may attach files, by table. */
async function attachingColumns(db: Db): Promise<Map<string, string[]>> {
  const { rows } = await sql<{ table: string; column: string }>`
    select c.table_name as "table", c.column_name as "column"
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
      and c.data_type in ('character varying', 'text', 'character', 'uuid', 'json', 'jsonb')
      and (c.character_maximum_length is null or c.character_maximum_length >= 36)
    order by c.table_name, c.ordinal_position`.execute(db);
  const byTable = new Map<string, string[]>();
  for (const r of rows) {
    if (NOT_ATTACHING_TABLES.has(r.table)) continue;
    byTable.set(r.table, [...(byTable.get(r.table) ?? []), r.column]);
  }
  return byTable;
}

/**
 * Removes uploads attached to no record `maxAgeHours` after their upload (issue 17 finding 4): a file is
 * attached when any record names its id, in an id column, a JSON list or a rich-text body (an article's
 * `/api/file/<id>` images). Records name files in many shapes across modules, so instead of asking each
 * module the sweep reads every text column of the schema's tables (NOT_ATTACHING_TABLES aside) once per run,
 * marks the files it finds there (attached_at, so they are never looked at again) and deletes the rows of
 * the unmarked ones older than the age; their bytes are removed after the commit. Published files are
 * attached by definition and never candidates. It runs only when some candidate is old enough, in one
 * transaction under an advisory lock (one instance at a time).
 *
 * A form kept open for over a day names an upload the sweep may have removed meanwhile: saving it answers
 * that the file is missing and asks for a new upload (assertAttachable, claimFiles).
 */
export async function sweepOrphanFiles(
  db: Db,
  storage: FileStorage,
  now: Date,
  maxAgeHours: number,
): Promise<FileSweepResult> {
  const cutoff = new Date(now.getTime() - maxAgeHours * HOUR_MS);
  const due = await db
    .selectFrom('sysFile')
    .select('id')
    .where('attachedAt', 'is', null)
    .where('isPublic', '=', false)
    .where('createdAt', '<', cutoff)
    .limit(1)
    .executeTakeFirst();
  if (!due) return { ran: true, attached: 0, removed: 0, staleParts: 0 };
  const outcome = await db.transaction().execute(async (trx) => {
    const lock = await sql<{ ok: boolean }>`select pg_try_advisory_xact_lock(${SWEEP_LOCK}) as ok`.execute(
      trx,
    );
    if (!lock.rows[0]?.ok) return undefined;
    let attached = 0;
    for (const [table, columns] of await attachingColumns(trx)) {
      const text = sql.join(
        columns.map((c) => sql`${sql.ref(c)}::text`),
        sql`, `,
      );
      const res = await sql`
        update sys_file set attached_at = ${now}
        where attached_at is null and id in (
          select m[1] from ${sql.table(table)}, regexp_matches(lower(concat_ws(' ', ${text})), ${UUID_RE}, 'g') as m
        )`.execute(trx);
      attached += Number(res.numAffectedRows ?? 0);
    }
    const gone = await trx
      .deleteFrom('sysFile')
      .where('attachedAt', 'is', null)
      .where('isPublic', '=', false)
      .where('createdAt', '<', cutoff)
      .returning('storagePath')
      .execute();
    return { attached, paths: gone.map((g) => g.storagePath) };
  });
  if (!outcome) return { ran: false, attached: 0, removed: 0, staleParts: 0 };
  for (const key of outcome.paths) await storage.delete(key).catch(() => undefined);
  return { ran: true, attached: outcome.attached, removed: outcome.paths.length, staleParts: 0 };
}

/**
 * The orphan sweep, daily at UPLOAD_SWEEP_HOUR China time (a quiet hour: when some upload is old enough the
 * run reads every text column once), with what crashed uploads left in the storage (`.part` files, incomplete
 * multipart uploads); outside tests also once when the app is ready. An orphan is gone between UPLOAD_ORPHAN_HOURS and a day later.
 */
export function registerFileSweep(app: FastifyInstance, opts: { enabled: boolean }): FileSweep {
  const { clock, config, database, storage } = app.deps;
  let timer: NodeJS.Timeout | undefined;
  let stopped = true;
  let current: Promise<FileSweepResult> | undefined;

  async function run(): Promise<FileSweepResult> {
    const result = await sweepOrphanFiles(database.jobs(), storage, clock.now(), config.UPLOAD_ORPHAN_HOURS);
    // Leftovers of uploads a crash interrupted, a day old (so uploads in progress are never touched).
    result.staleParts = await storage.sweepIncomplete(clock.now().getTime(), 24 * 3_600_000);
    if (result.removed || result.staleParts) app.log.info(result, 'orphan uploads removed');
    return result;
  }

  function runOnce(): Promise<FileSweepResult> {
    if (!current) current = run().finally(() => (current = undefined));
    return current;
  }

  async function runScheduled(): Promise<FileSweepResult | undefined> {
    const now = clock.now();
    let result: FileSweepResult | undefined;
    await runClaimed(app.db, 'fileSweep', chinaHourSlot(now), now, 50 * 60_000, async () => {
      result = await runOnce();
    });
    return result;
  }

  function schedule(delay: number): void {
    if (stopped) return;
    timer = setTimeout(() => {
      runScheduled()
        .catch((err) => app.log.error({ err }, 'orphan upload sweep failed'))
        .finally(() => schedule(msUntilHour(clock.now(), config.UPLOAD_SWEEP_HOUR)));
    }, delay);
    timer.unref();
  }

  const sweep: FileSweep = {
    start() {
      if (!stopped || !opts.enabled) return;
      stopped = false;
      schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await current?.catch(() => undefined);
    },
    runOnce,
    runScheduled,
  };
  app.decorate('fileSweep', sweep);
  app.addHook('onReady', async () => sweep.start());
  app.addHook('onClose', async () => sweep.stop());
  return sweep;
}
