import { afterAll, beforeAll, describe } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { databaseStore, memoryStore } from '../src/platform/shared-store.ts';
import { openTestDatabase } from './helpers.ts';
import { sharedStoreContract } from './shared-store-contract.ts';

describe('shared store in memory (unit tests without a database)', () => {
  const store = memoryStore();
  sharedStoreContract(() => store, { sweeps: true });
});

describe('shared store in the database (PGlite and PostgreSQL)', () => {
  let opened: { database: Database; drop: () => Promise<void> };
  beforeAll(async () => {
    opened = await openTestDatabase();
  });
  afterAll(async () => {
    await opened?.drop();
  });
  sharedStoreContract(() => databaseStore(opened.database.db), { sweeps: true });
});
