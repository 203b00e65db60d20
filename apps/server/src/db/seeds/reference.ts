import type { Kysely } from 'kysely';
import type { DB } from '../schema.ts';
import { DICT_SEEDS, type DictSeed } from './dicts.ts';
import { INDUSTRY_SEEDS, type IndustrySeed } from './industries.ts';

/** The industry root the migration creates (id 1). */
const INDUSTRY_ROOT_CODE = 'ROOT';

/**
 * Reference data (dictionaries and industries). Runs on every start, additively: an entry whose code is
 * present (even soft-deleted by an administrator) is left exactly as it is, together with its subtree;
 * missing entries are inserted as system rows. Existing databases gain new seed entries on their next start.
 */
export async function syncReference(db: Kysely<DB>, now: Date = new Date()): Promise<{ added: number }> {
  const run = async (trx: Kysely<DB>) => {
    const dicts = await syncDicts(trx, now);
    const industries = await syncIndustries(trx, now);
    return { added: dicts + industries };
  };
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}

interface Known {
  id: number;
  deleted: boolean;
}

async function syncDicts(db: Kysely<DB>, now: Date): Promise<number> {
  const known = new Map<string, Known>(
    (await db.selectFrom('sysDict').select(['id', 'code', 'deletedAt']).orderBy('id').execute()).map((r) => [
      r.code,
      { id: r.id, deleted: r.deletedAt !== null },
    ]),
  );
  let added = 0;
  const visit = async (seed: DictSeed, parentId: number | null, sort: number): Promise<void> => {
    let row = known.get(seed.code);
    if (!row) {
      const inserted = await db
        .insertInto('sysDict')
        .values({
          parentId,
          code: seed.code,
          name: seed.name,
          value: seed.value ?? '',
          sort,
          remark: seed.remark ?? '',
          isSystem: true,
          createdAt: now,
          updatedAt: now,
          createdBy: null,
          updatedBy: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      row = { id: inserted.id, deleted: false };
      known.set(seed.code, row);
      added++;
      if (seed.areas?.length) {
        await db
          .insertInto('sysDictArea')
          .values(seed.areas.map((areaCode) => ({ dictId: inserted.id, areaCode })))
          .execute();
      }
    }
    if (row.deleted) return;
    for (const [i, child] of (seed.children ?? []).entries()) await visit(child, row.id, (i + 1) * 10);
  };
  await visit(DICT_SEEDS, null, 0);
  return added;
}

async function syncIndustries(db: Kysely<DB>, now: Date): Promise<number> {
  const known = new Map<string, Known>(
    (await db.selectFrom('sysIndustry').select(['id', 'code', 'deletedAt']).orderBy('id').execute()).map(
      (r) => [r.code, { id: r.id, deleted: r.deletedAt !== null }],
    ),
  );
  const root = known.get(INDUSTRY_ROOT_CODE);
  if (!root || root.deleted) return 0;
  let added = 0;
  const visit = async (seed: IndustrySeed, pid: number, level: number, sort: number): Promise<void> => {
    let row = known.get(seed.code);
    if (!row) {
      const inserted = await db
        .insertInto('sysIndustry')
        .values({
          pid,
          code: seed.code,
          name: seed.name,
          level,
          isHighRisk: seed.isHighRisk ?? false,
          mustInsure: seed.mustInsure ?? false,
          sort,
          remark: seed.remark ?? '',
          isSystem: true,
          createdAt: now,
          updatedAt: now,
          createdBy: null,
          updatedBy: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      row = { id: inserted.id, deleted: false };
      known.set(seed.code, row);
      added++;
    }
    if (row.deleted) return;
    for (const [i, child] of (seed.children ?? []).entries())
      await visit(child, row.id, level + 1, (i + 1) * 10);
  };
  for (const [i, seed] of INDUSTRY_SEEDS.entries()) await visit(seed, root.id, 1, (i + 1) * 10);
  return added;
}
