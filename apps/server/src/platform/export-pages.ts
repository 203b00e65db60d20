import type { Db } from './context.ts';

/** Runs one read where the request's reads go (the read router's `app.reads.run(req, …)`). */
export type ReadRun = <T>(work: (db: Db) => Promise<T>) => Promise<T>;

/** Rows a query of a streamed export reads at a time. */
export const EXPORT_PAGE = 1000;

/**
 * The rows of a streamed .xlsx export (platform/xlsx.ts sendXlsxStream) in descending id order, a page at a
 * time by keyset (`page(db, before, size)`: the next `size` rows with an id below `before`, or the first ones),
 * at most `cap`: 50,000 rows never sit in memory at once (issue 18).
 */
export async function* keysetRows<R extends { id: number }, T>(
  run: ReadRun,
  page: (db: Db, before: number | null, size: number) => Promise<R[]>,
  map: (row: R) => T,
  cap: number,
  pageSize = EXPORT_PAGE,
): AsyncGenerator<T> {
  let before: number | null = null;
  let sent = 0;
  while (sent < cap) {
    const size = Math.min(pageSize, cap - sent);
    const after: number | null = before;
    const rows: R[] = await run((db) => page(db, after, size));
    for (const r of rows) yield map(r);
    sent += rows.length;
    if (rows.length < size) return;
    before = rows[rows.length - 1]!.id;
  }
}

/**
 * The same for an export in an order that is not the id's (a sortable column chosen on screen): pages by
 * offset (`page(db, offset, size)`), each page sorted again by PostgreSQL; memory stays that of one page.
 */
export async function* offsetRows<R, T>(
  run: ReadRun,
  page: (db: Db, offset: number, size: number) => Promise<R[]>,
  map: (row: R) => T,
  cap: number,
  pageSize = EXPORT_PAGE,
): AsyncGenerator<T> {
  let sent = 0;
  while (sent < cap) {
    const size = Math.min(pageSize, cap - sent);
    const offset = sent;
    const rows: R[] = await run((db) => page(db, offset, size));
    for (const r of rows) yield map(r);
    sent += rows.length;
    if (rows.length < size) return;
  }
}
