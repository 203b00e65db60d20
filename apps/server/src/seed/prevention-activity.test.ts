import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helpers.ts';
import { post } from '../modules/policy/policy.testkit.ts';

/** The demo accounts see prevention activity rows on their screens (seeded by prevention-activity.ts). */

let t: TestContext;
const tok: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestContext({ LOGIN_RATE_MAX: '1000', API_RATE_MAX: '100000' });
  for (const u of ['ent', 'insurer', 'service', 'expert', 'gov']) tok[u] = await t.login(u);
});
afterAll(() => t.close());

type Row = Record<string, unknown>;
const list = async (url: string, who: string) => {
  const res = await post(t, url, tok[who]);
  expect(res.status, `${who} ${url}`).toBe(200);
  return res.body.data.list as unknown as Row[];
};

describe('prevention activity demo data', () => {
  it('trainings: every phase for the publishers and the regulator; ent has sign-ups and open sessions', async () => {
    const gov = await list('/api/training/list?pageSize=100', 'gov');
    expect(new Set(gov.map((r) => r.phase))).toEqual(
      new Set(['completed', 'toRecord', 'open', 'full', 'cancelled']),
    );
    const service = await list('/api/training/list?pageSize=100', 'service');
    expect(service.some((r) => r.phase === 'completed' && (r.attendees as number) > 0)).toBe(true);
    expect((await list('/api/training/list?pageSize=100', 'expert')).length).toBeGreaterThan(0);
    expect((await list('/api/training/list?pageSize=100', 'insurer')).length).toBeGreaterThan(0);
    const mine = await list('/api/training/list?view=mine&pageSize=100', 'ent');
    expect(mine.length).toBeGreaterThanOrEqual(3);
    expect(mine.some((r) => (r.mySignUp as Row | null)?.attended === true)).toBe(true);
    const open = await list('/api/training/list?pageSize=100', 'ent');
    expect(open.some((r) => (r.actions as Row).signUp === true)).toBe(true);
  });

  it('service requests in every state reach the insurer; ent sees its own', async () => {
    const ins = await list('/api/serviceRequest/list?pageSize=100', 'insurer');
    expect(new Set(ins.map((r) => r.status))).toEqual(
      new Set(['pending', 'accepted', 'declined', 'scheduled', 'withdrawn']),
    );
    expect((await list('/api/serviceRequest/list?pageSize=100', 'ent')).length).toBeGreaterThan(0);
  });

  it('plan filings in every state; the demo insurer’s current year has two versions', async () => {
    const gov = await list('/api/preventionFiling/govList?pageSize=100', 'gov');
    expect(new Set(gov.map((r) => r.status))).toEqual(new Set(['pending', 'filed', 'returned']));
    const ins = await list('/api/preventionFiling/list?pageSize=100', 'insurer');
    const two = ins.find((r) => r.versions === 2);
    expect(two).toMatchObject({ versionNo: 2, status: 'pending' });
    const d = await post(t, `/api/preventionFiling/detail?id=${two!.id}`, tok.insurer);
    expect((d.body.data.history as unknown as Row[]).map((h) => h.status)).toEqual(['pending', 'returned']);
  });
});
