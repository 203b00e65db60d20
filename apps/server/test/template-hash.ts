import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const SERVER = path.resolve(import.meta.dirname, '..');
const ROOT = path.resolve(SERVER, '../..');
const CONTRACTS = path.join(ROOT, 'packages/contracts/src/index.ts');

/** What builds the test template: migrations, base sync and demo seed, and the database opener. */
const ENTRY_POINTS = ['src/db/migrate.ts', 'src/seed/seed.ts', 'src/db/database.ts'].map((f) =>
  path.join(SERVER, f),
);

const IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|(?:^|[\s;])import\s*\(?\s*['"]([^'"]+)['"]/g;

/** The files `entry` reaches through relative imports (and the contracts package), `entry` included. */
export function importClosure(entries: string[]): string[] {
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(IMPORT)) {
      const spec = m[1] ?? m[2] ?? '';
      if (spec.startsWith('.')) queue.push(path.resolve(path.dirname(file), spec));
      else if (spec === '@aqzrx/contracts' || spec.startsWith('@aqzrx/contracts/')) queue.push(CONTRACTS);
    }
  }
  return [...seen].sort();
}

/**
 * A hash of everything the migrated, seeded template depends on: the source files the migrations and seeds
 * reach, and the locked dependency versions. Equal hash, equal template: the test setup reuses one.
 */
export function templateHash(): string {
  const h = createHash('sha256');
  for (const file of importClosure(ENTRY_POINTS)) {
    h.update(path.relative(ROOT, file));
    h.update('\0');
    h.update(fs.readFileSync(file));
    h.update('\0');
  }
  h.update(fs.readFileSync(path.join(ROOT, 'package-lock.json')));
  return h.digest('hex').slice(0, 16);
}

/** Where PGlite templates are kept between runs (inside node_modules: a fresh install starts clean). */
export const TEMPLATE_CACHE_DIR = path.join(ROOT, 'node_modules/.cache/aqzrx-test-template');
