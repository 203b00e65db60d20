import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { seedDemo, syncBase } from '../src/seed/seed.ts';
import { TEMPLATE_CACHE_DIR, templateHash } from './template-hash.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite mode: path of a migrated, seeded data-directory dump each test file loads. */
    templateDump: string;
    /** PostgreSQL mode: name of the template database each test file clones. */
    templateDb: string;
    /** PostgreSQL mode: prefix of this run's test databases (teardown drops only these). */
    testDbPrefix: string;
  }
}

/** Admin connection string: the same server, database replaced. */
export function pgUrl(base: string, database: string): string {
  const u = new URL(base);
  u.pathname = `/${database}`;
  return u.toString();
}

export default async function setup(project: TestProject) {
  const pgBase = process.env.TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  const hash = templateHash();
  if (pgBase) {
    // The template database is kept between runs under a name made of the hash of what builds it: a run
    // whose migrations and seeds are unchanged clones the existing one instead of seeding for half a minute.
    const templateDb = `aqzrx_tpl_${hash}`;
    const testDbPrefix = `aqzrx_t${process.pid}_`;
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: pgBase });
    await client.connect();
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [templateDb]);
    if (exists.rowCount === 0) {
      // Built under a name of this run, then renamed: a concurrent run never clones a half-built template.
      const building = `aqzrx_tplb_${process.pid}`;
      await client.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${building}`);
      const tpl = await openDatabase({ databaseUrl: pgUrl(pgBase, building), poolMax: 2 });
      await migrateToLatest(tpl.db);
      await syncBase(tpl.db);
      await seedDemo(tpl.db);
      await tpl.close();
      try {
        await client.query(`ALTER DATABASE ${building} RENAME TO ${templateDb}`);
      } catch {
        // Another run finished the same template first.
        await client.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      }
      // Templates of older sources: keep the eight newest (other checkouts may be testing theirs).
      const old = await client.query<{ datname: string }>(
        "SELECT datname FROM pg_database WHERE datname LIKE 'aqzrx\\_tpl\\_%' AND datname <> $1 ORDER BY oid DESC OFFSET 7",
        [templateDb],
      );
      for (const r of old.rows)
        await client.query(`DROP DATABASE IF EXISTS ${r.datname} WITH (FORCE)`).catch(() => undefined);
    }
    project.provide('templateDb', templateDb);
    project.provide('testDbPrefix', testDbPrefix);
    project.provide('templateDump', '');
    return async () => {
      // Test databases cloned from the template are dropped by each file; drop leftovers too.
      const rows = await client.query<{ datname: string }>(
        'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
        [testDbPrefix],
      );
      for (const r of rows.rows) await client.query(`DROP DATABASE IF EXISTS ${r.datname} WITH (FORCE)`);
      await client.end();
    };
  }
  // PGlite: a dump of the migrated, seeded data directory, kept between runs under the same hash.
  const file = path.join(TEMPLATE_CACHE_DIR, `pglite-${hash}.tar`);
  if (!fs.existsSync(file)) {
    const database = await openDatabase({ pgliteDir: 'memory://' });
    await migrateToLatest(database.db);
    await syncBase(database.db);
    await seedDemo(database.db);
    const blob = await database.pglite!.dumpDataDir('none');
    await database.close();
    fs.mkdirSync(TEMPLATE_CACHE_DIR, { recursive: true });
    // Written aside and renamed: a concurrent run reads a whole file or none.
    const partial = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(partial, Buffer.from(await blob.arrayBuffer()));
    fs.renameSync(partial, file);
    for (const f of fs.readdirSync(TEMPLATE_CACHE_DIR)) {
      const p = path.join(TEMPLATE_CACHE_DIR, f);
      // Dumps of older sources (a day unused) and leftovers of interrupted runs.
      if (p !== file && Date.now() - fs.statSync(p).mtimeMs > 86_400_000) fs.rmSync(p, { force: true });
    }
  } else {
    fs.utimesSync(file, new Date(), new Date());
  }
  project.provide('templateDump', file);
  project.provide('templateDb', '');
  project.provide('testDbPrefix', '');
}
