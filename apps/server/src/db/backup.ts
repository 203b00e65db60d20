import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

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

function prune(dir: string, keep: number): void {
  const files = fs
    .readdirSync(dir)
    .filter((f) => /^pglite-.*\.tar\.gz$/.test(f))
    .sort();
  for (const f of files.slice(0, Math.max(0, files.length - keep)))
    fs.rmSync(path.join(dir, f), { force: true });
}

export function readBackup(file: string): Blob {
  return new Blob([fs.readFileSync(file)]);
}
