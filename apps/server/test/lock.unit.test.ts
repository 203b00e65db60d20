import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'aqzrx-lock-'));
const script = path.join(root, 'apps/server/test/.lock-probe.mts');

afterAll(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
  fs.rmSync(script, { force: true });
});

/** Starts N processes that race for the lock; each holds it for a moment, and says whether it got it. */
async function race(dir: string, n: number): Promise<string[]> {
  fs.writeFileSync(
    script,
    `import { acquireDirLock } from '../src/db/lock.ts';
const dir = process.argv[2];
await new Promise((r) => setTimeout(r, Number(process.argv[3]) - Date.now()));
try { const l = acquireDirLock(dir); console.log('got'); await new Promise((r) => setTimeout(r, 1500)); l.release(); }
catch (e) { console.log(e instanceof Error && e.message.includes('占用') ? 'held' : 'error ' + String(e)); }
`,
  );
  const startAt = String(Date.now() + 2500);
  const runs = Array.from(
    { length: n },
    () =>
      new Promise<string>((resolve) => {
        const child = spawn(process.execPath, ['--import', 'tsx', script, dir, startAt], { cwd: root });
        let out = '';
        child.stdout.on('data', (b) => {
          out += b;
        });
        child.on('exit', () => resolve(out.trim()));
      }),
  );
  return Promise.all(runs);
}

describe('data-directory lock under a race (security.md R02)', () => {
  it('exactly one of several simultaneous starters gets a fresh lock', async () => {
    const dir = path.join(tmp, 'fresh');
    const results = await race(dir, 6);
    expect(results.filter((r) => r === 'got')).toHaveLength(1);
    expect(results.filter((r) => r === 'held')).toHaveLength(5);
  }, 60_000);

  it('exactly one takes over a stale lock left by a dead process', async () => {
    const dir = path.join(tmp, 'stale');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'server.lock'), '999999');
    const results = await race(dir, 6);
    expect(results.filter((r) => r === 'got')).toHaveLength(1);
    expect(results.filter((r) => r === 'held')).toHaveLength(5);
  }, 60_000);

  it('an unreadable lock counts as held', async () => {
    const dir = path.join(tmp, 'garbage');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'server.lock'), '');
    const results = await race(dir, 1);
    expect(results).toEqual(['held']);
  }, 60_000);
});
