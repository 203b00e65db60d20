import type { Db, Tx } from './context.ts';

/** Work to do once a transaction has committed (never after a rollback): e.g. dropping cached list totals. */
export type CommitHook = (db: Db) => void;

const open = new WeakMap<Tx, { hooks: CommitHook[] }>();

/**
 * Runs `fn` in one transaction of `db`; the hooks the writing code registered with `afterCommit(trx, …)`
 * run once it committed, in order. `req.tx` runs every route transaction through here.
 */
export async function inTransaction<T>(db: Db, fn: (trx: Tx) => Promise<T>): Promise<T> {
  const entry = { hooks: [] as CommitHook[] };
  const result = await db.transaction().execute(async (trx) => {
    open.set(trx, entry);
    return fn(trx);
  });
  for (const hook of entry.hooks) hook(db);
  return result;
}

/**
 * Registers `hook` to run after the transaction `trx` commits. A write made outside a transaction (the
 * root `Db`) has committed already: the hook runs at once. A transaction not begun by `inTransaction` is a
 * programming error (its commit could not be seen).
 */
export function afterCommit(trx: Tx | Db, hook: CommitHook): void {
  const entry = open.get(trx as Tx);
  if (entry) entry.hooks.push(hook);
  else if (!trx.isTransaction) hook(trx as Db);
  else throw new Error('afterCommit: begin the transaction with inTransaction (req.tx does)');
}
