import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { FileStorage } from '../platform/storage/storage.ts';

/** Embedded-database backups: PGlite dumpDataDir to a timestamped .tar.gz (security.md R09). */
export async function backupPglite(
  pglite: PGlite,
  dir: string,
  label = 'manual',
  keep = 14,
): Promise<string> {
  fs.mkdirSync(dir, { recursive: true });
  await pglite.query('CHECKPOINT');
  const blob = await pglite.dumpDataDir('gzip');
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = path.join(dir, `pglite-${stamp}-${label}.tar.gz`);
  const tmp = `${file}.partial`;
  fs.writeFileSync(tmp, Buffer.from(await blob.arrayBuffer()));
  fs.renameSync(tmp, file);
  prune(dir, keep);
  return file;
}

const BACKUP_NAME = /^pglite-.*\.tar\.gz$/;

function prune(dir: string, keep: number): void {
  const files = fs
    .readdirSync(dir)
    .filter((f) => BACKUP_NAME.test(f))
    .sort();
  for (const f of files.slice(0, Math.max(0, files.length - keep)))
    fs.rmSync(path.join(dir, f), { force: true });
}

/** The folder of the file storage that holds the backups' copies. */
export const BACKUP_PREFIX = 'backups/';

/**
 * Copies a backup off the machine (security.md R09): into the file storage (README `BACKUP_COPY=storage`: the S3
 * bucket, or a shared directory) as `backups/<its name>`, streamed, then removes the oldest copies there beyond
 * `keep` (names sort by time). Returns the copy's key. The storage's put keeps nothing of a copy that failed.
 */
export async function copyBackup(storage: FileStorage, file: string, keep: number): Promise<string> {
  const key = `${BACKUP_PREFIX}${path.basename(file)}`;
  await storage.put(key, fs.createReadStream(file), 'application/gzip');
  const copies = (await storage.list(BACKUP_PREFIX)).filter((k) =>
    BACKUP_NAME.test(k.slice(BACKUP_PREFIX.length)),
  );
  for (const old of copies.slice(0, Math.max(0, copies.length - keep))) await storage.delete(old);
  return key;
}

/**
 * A backup to restore: a file, or `storage:backups/<name>` for a copy in the file storage (the machine that made
 * it may be gone). Undefined when there is no such file or copy.
 */
export async function readBackup(
  source: string,
  storage?: () => Promise<FileStorage>,
): Promise<Blob | undefined> {
  if (source.startsWith('storage:')) {
    if (!storage) return undefined;
    const store = await storage();
    try {
      const body = await store.get(source.slice('storage:'.length));
      if (!body) return undefined;
      return new Blob(await body.stream.toArray());
    } finally {
      await store.close();
    }
  }
  return fs.existsSync(source) ? new Blob([fs.readFileSync(source)]) : undefined;
}
