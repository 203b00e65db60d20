/// <reference types="node" />
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** Files reachable from constants.ts, following relative imports. */
function reachable(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const src = fs.readFileSync(file, 'utf8');
  for (const m of src.matchAll(/from '(\.\/[^']+)'/g))
    reachable(path.resolve(path.dirname(file), m[1]!), seen);
  return seen;
}

describe('@aqzrx/contracts/constants', () => {
  it('reaches no file that imports zod', () => {
    const files = [...reachable(path.join(import.meta.dirname, 'constants.ts'))];
    expect(files.length).toBeGreaterThan(5);
    const withZod = files.filter((f) => /from 'zod'/.test(fs.readFileSync(f, 'utf8')));
    expect(withZod).toEqual([]);
  });

  it('lists every zod-free source file, and the index lists every other one', () => {
    const dir = import.meta.dirname;
    const sources = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      // Entry points of their own (package.json "exports"), not re-exported by index.ts or constants.ts.
      .filter((f) => !['index.ts', 'constants.ts', 'zod-locale.ts', 'resource-tree.ts'].includes(f));
    const listed = (file: string) =>
      [...fs.readFileSync(path.join(dir, file), 'utf8').matchAll(/export \* from '\.\/([^']+)'/g)].map(
        (m) => m[1],
      );
    const zodFree = sources.filter((f) => !/from 'zod'/.test(fs.readFileSync(path.join(dir, f), 'utf8')));
    expect(listed('constants.ts').sort()).toEqual(zodFree.sort());
    const zodFiles = sources.filter((f) => !zodFree.includes(f));
    expect(listed('index.ts').sort()).toEqual([...zodFiles, 'constants.ts'].sort());
  });

  it('offers the labels the screens use', async () => {
    const c = await import('./constants.ts');
    expect(c.POLICY_STATES.length).toBeGreaterThan(3);
    expect(c.CLAIM_PHASES.length).toBeGreaterThan(3);
    expect(c.ARTICLE_STATUS.length).toBeGreaterThan(1);
    expect(c.isValidUscc('91321300MA1XXXXXX0')).toBe(false);
  });
});
