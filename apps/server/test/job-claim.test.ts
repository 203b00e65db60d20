import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimJobSlot, releaseJobSlot, runClaimed } from '../src/platform/job-claim.ts';
import { createTestContext, type TestContext } from './helpers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

/** platform/job-claim.ts: a scheduled job's slot is taken by one instance only (issue 18). */
describe('job slots claimed once across instances', () => {
  const now = new Date('2026-11-28T18:00:00Z');
  const HOUR = 3_600_000;

  it('one claim per slot while the lease runs; a new slot, an expired lease or a release opens it again', async () => {
    const db = t.database.db;
    expect(await claimJobSlot(db, 'testDaily', '2026-11-29', now, HOUR)).toBe(true);
    expect(await claimJobSlot(db, 'testDaily', '2026-11-29', now, HOUR)).toBe(false);
    expect(await claimJobSlot(db, 'testDaily', '2026-11-29', new Date(now.getTime() + HOUR - 1), HOUR)).toBe(
      false,
    );
    // Another job's slot is its own.
    expect(await claimJobSlot(db, 'testOther', '2026-11-29', now, HOUR)).toBe(true);
    // The holder died: after the lease another instance takes it.
    expect(await claimJobSlot(db, 'testDaily', '2026-11-29', new Date(now.getTime() + HOUR + 1), HOUR)).toBe(
      true,
    );
    expect(await claimJobSlot(db, 'testDaily', '2026-11-30', now, HOUR)).toBe(true);
    await releaseJobSlot(db, 'testDaily', '2026-11-30');
    expect(await claimJobSlot(db, 'testDaily', '2026-11-30', now, HOUR)).toBe(true);
  });

  it('instances racing for a slot: exactly one runs the work; a failed run gives the slot back', async () => {
    const db = t.database.db;
    let runs = 0;
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        runClaimed(db, 'testRace', '2026-11-29T02', now, HOUR, async () => {
          runs++;
        }),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(runs).toBe(1);
    await expect(
      runClaimed(db, 'testFail', '2026-11-29', now, HOUR, async () => {
        throw new Error('job failed');
      }),
    ).rejects.toThrow('job failed');
    expect(await runClaimed(db, 'testFail', '2026-11-29', now, HOUR, async () => undefined)).toBe(true);
  });
});
