#!/usr/bin/env node
// Module boundaries and layers (docs/ARCHITECTURE.md "Boundaries"), checked on every `npm test`:
//  1. A feature module is entered through its public entry: a file outside `modules/<m>/` imports
//     `modules/<m>/index.ts` only (tests may also import the module's test kits: `*.testkit.ts`, `test-*.ts`).
//  2. Layers point down: server `platform/` and `db/` never import `modules/`; server `seed/` (base sync and
//     demo data, composed from the modules' public entries) is imported only by `main.ts` and tests; web
//     `components/` and `platform/` never import `modules/`, `layouts/` or `app/`.
//  3. Migrations are frozen: they import packages and the migrations folder's own helpers, never live code.
//  4. Contracts import nothing of the project; the web never imports server code.
//  5. No two feature modules import each other (directly or through a longer cycle).
//  6. No source file over 800 lines (contracts, server, web, e2e; seeds and migrations excepted): a long
//     service is split into its repository (SQL) and service (rules) files, a long form into sections.
//  7. The web's server calls take their list queries from the contracts (`z.input<typeof xListQuery>`): a
//     hand-written query type with paging (`pageNo: number;`) in a web module's api file drifts from the
//     server's schema unnoticed.
//  8. No antd InputNumber in the web with `min`, `max` or `precision`: they rewrite what a person typed
//     (−5 becomes 1, 1.005 becomes 1.01) instead of refusing it; forms use `numberRule` with the range the
//     server's schema has (docs/ARCHITECTURE.md "Numbers are refused, never rewritten").
// Prints every violation with file and import, exits 1 when there is one.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((f) => /\.(ts|tsx|mts|mjs)$/.test(f) && fs.existsSync(path.join(root, f)));

const IMPORT =
  /(?:^|[\n;])\s*(import|export)\s+(type\s+)?(?:[^'"`;]*?\sfrom\s*)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

const isTest = (f) =>
  /\.test\.(ts|tsx)$|\/test\/|\/test-utils\.tsx?$|\.testkit\.ts$|\/test-[^/]+\.tsx?$|test-setup/.test(f);

/** Which area a path is in: { app, layer, module } (module only for feature folders). */
function area(f) {
  let m = /^apps\/(server|web)\/src\/modules\/([^/]+)\//.exec(f);
  if (m) return { app: m[1], layer: 'modules', module: m[2] };
  m = /^apps\/server\/src\/db\/migrations\//.exec(f);
  if (m) return { app: 'server', layer: 'migrations' };
  m = /^apps\/(server|web)\/src\/([^/]+)\//.exec(f);
  if (m) return { app: m[1], layer: m[2] };
  m = /^apps\/(server|web)\//.exec(f);
  if (m) return { app: m[1], layer: 'root' };
  if (f.startsWith('packages/contracts/')) return { app: 'contracts', layer: 'contracts' };
  return { app: f.split('/')[0], layer: '' };
}

const violations = [];
const moduleEdges = new Map(); // "app:module" -> Set("app:module")

for (const file of files) {
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  const from = area(file);
  for (const m of text.matchAll(IMPORT)) {
    const spec = m[3] ?? m[4];
    if (!spec) continue;
    const typeOnly = !!m[2];
    const say = (why) =>
      violations.push(`${file}: ${typeOnly ? 'import type' : 'import'} '${spec}' — ${why}`);
    if (!spec.startsWith('.')) {
      if (from.layer === 'contracts' && spec.startsWith('@aqzrx/'))
        say('contracts import nothing of the project');
      if (from.app === 'web' && /@aqzrx\/server/.test(spec)) say('the web never imports server code');
      continue;
    }
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
    const to = area(target);
    if (from.layer === 'migrations') {
      if (to.layer !== 'migrations')
        say(
          'migrations are frozen: a migration imports packages and db/migrations/ only (copy what it needs)',
        );
      continue;
    }
    if (from.app === 'contracts' && to.app !== 'contracts') say('contracts import nothing of the project');
    if (from.app === 'web' && to.app === 'server') say('the web never imports server code');
    if (
      from.app === 'server' &&
      (from.layer === 'platform' || from.layer === 'db') &&
      to.layer === 'modules'
    ) {
      say(`layers point down: server ${from.layer}/ never imports a feature module`);
    }
    if (
      from.app === 'server' &&
      to.app === 'server' &&
      to.layer === 'seed' &&
      from.layer !== 'seed' &&
      file !== 'apps/server/src/main.ts' &&
      !isTest(file)
    ) {
      say('layers point down: server seed/ is imported only by main.ts and tests');
    }
    if (from.app === 'web' && (from.layer === 'components' || from.layer === 'platform')) {
      if (['modules', 'layouts', 'app'].includes(to.layer))
        say(`layers point down: web ${from.layer}/ never imports ${to.layer}/`);
    }
    if (to.layer === 'modules' && to.module !== from.module) {
      const entry = `apps/${to.app}/src/modules/${to.module}/`;
      const rest = target.slice(entry.length);
      const viaIndex = rest === 'index.ts' || rest === 'index.tsx';
      const viaTestKit = isTest(file) && /(^|\/)(test-[^/]+|[^/]+\.testkit)\.tsx?$/.test(rest);
      // The web's screen registries are loaded lazily by component name (src/screens.ts); a large feature
      // may split its registry in screens-<part>.ts files (prevention: screens-activity.ts).
      const viaScreens =
        from.app === 'web' && file === 'apps/web/src/screens.ts' && /^screens(-[a-z-]+)?\.ts$/.test(rest);
      if (!viaIndex && !viaTestKit && !viaScreens)
        say(`enter module '${to.module}' through ${entry}index.ts`);
      if (from.layer === 'modules' && !isTest(file) && !typeOnly) {
        const a = `${from.app}:${from.module}`;
        if (!moduleEdges.has(a)) moduleEdges.set(a, new Set());
        moduleEdges.get(a).add(`${to.app}:${to.module}`);
      }
    }
  }
}

// File length (rule 6).
const MAX_LINES = 800;
const SIZED = /^(packages\/contracts\/src|apps\/server\/src|apps\/web\/src|e2e)\//;
const UNSIZED = /^apps\/server\/src\/(seed|db\/migrations)\//;
for (const file of files) {
  if (!SIZED.test(file) || UNSIZED.test(file)) continue;
  const lines = fs.readFileSync(path.join(root, file), 'utf8').split('\n').length - 1;
  if (lines > MAX_LINES)
    violations.push(`${file}: ${lines} lines — split it (at most ${MAX_LINES} lines per source file)`);
}

// Hand-written paged list queries in the web's api files (rule 7).
const WEB_API = /^apps\/web\/src\/modules\/[^/]+\/[^/]*api[^/]*\.ts$/;
for (const file of files) {
  if (!WEB_API.test(file) || isTest(file)) continue;
  const src = fs.readFileSync(path.join(root, file), 'utf8');
  const at = src.search(/\bpageNo\??: number;/);
  if (at >= 0) {
    const line = src.slice(0, at).split('\n').length;
    violations.push(
      `${file}:${line}: a hand-written paged query — type it from the contract (z.input<typeof …Query>)`,
    );
  }
}

// Clamping number inputs in the web (rule 8).
for (const file of files) {
  if (!/^apps\/web\/src\/.*\.tsx$/.test(file) || isTest(file)) continue;
  const src = fs.readFileSync(path.join(root, file), 'utf8');
  for (const m of src.matchAll(/<InputNumber\b[^>]*?\/?>/gs)) {
    const prop = /\s(min|max|precision)=/.exec(m[0]);
    if (!prop) continue;
    const line = src.slice(0, m.index).split('\n').length;
    violations.push(
      `${file}:${line}: InputNumber with \`${prop[1]}\` rewrites what was typed — refuse it with numberRule instead`,
    );
  }
}

// Cycles between feature modules (value imports of non-test code).
const seen = new Set();
const stack = [];
const onStack = new Set();
const cycles = new Set();
function visit(n) {
  seen.add(n);
  stack.push(n);
  onStack.add(n);
  for (const next of moduleEdges.get(n) ?? []) {
    if (onStack.has(next)) cycles.add(stack.slice(stack.indexOf(next)).concat(next).join(' → '));
    else if (!seen.has(next)) visit(next);
  }
  stack.pop();
  onStack.delete(n);
}
for (const n of moduleEdges.keys()) if (!seen.has(n)) visit(n);
for (const c of cycles) violations.push(`modules import each other: ${c}`);

if (violations.length) {
  process.stdout.write(`${violations.join('\n')}\n\n${violations.length} boundary violation(s)\n`);
  process.exit(1);
}
process.stdout.write(`module boundaries: ${files.length} files checked, no violation\n`);
