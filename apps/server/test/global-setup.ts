import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { seedDemo, syncBase } from '../src/db/seed.ts';

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
  if (pgBase) {
    const templateDb = `aqzrx_tpl_${process.pid}`;
    const testDbPrefix = `aqzrx_t${process.pid}_`;
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: pgBase });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${templateDb} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${templateDb}`);
    const tpl = await openDatabase({ databaseUrl: pgUrl(pgBase, templateDb), poolMax: 2 });
    await migrateToLatest(tpl.db);
    await syncBase(tpl.db);
    await seedDemo(tpl.db);
    await tpl.close();
    project.provide('templateDb', templateDb);
    project.provide('testDbPrefix', testDbPrefix);
    project.provide('templateDump', '');
    return async () => {
      // Test databases cloned from the template are dropped by each file; drop leftovers too.
      const rows = await client.query<{ datname: string }>(
        'SELECT datname FROM pg_database WHERE starts_with(datname, $1) OR datname = $2',
        [testDbPrefix, templateDb],
      );
      for (const r of rows.rows) await client.query(`DROP DATABASE IF EXISTS ${r.datname} WITH (FORCE)`);
      await client.end();
    };
  }
  const database = await openDatabase({ pgliteDir: 'memory://' });
  await migrateToLatest(database.db);
  await syncBase(database.db);
  await seedDemo(database.db);
  const blob = await database.pglite!.dumpDataDir('none');
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'aqzrx-tpl-')), 'template.tar');
  fs.writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
  await database.close();
  project.provide('templateDump', file);
  project.provide('templateDb', '');
  project.provide('testDbPrefix', '');
  return () => fs.rmSync(path.dirname(file), { recursive: true, force: true });
}
