import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helpers.ts';
import { post } from '../modules/policy/policy.testkit.ts';

/** The demo accounts see hazard, risk and alarm rows on their screens (seeded by seed/hazard.ts). */

let t: TestContext;
const tok: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestContext({ LOGIN_RATE_MAX: '1000', API_RATE_MAX: '100000' });
  for (const u of ['ent', 'insurer', 'service', 'gov', 'gov_sy']) tok[u] = await t.login(u);
});
afterAll(() => t.close());

type Row = Record<string, unknown>;
const list = async (url: string, who: string) => {
  const res = await post(t, url, tok[who]);
  expect(res.status, `${who} ${url} ${JSON.stringify(res.body)}`).toBe(200);
  return res.body.data.list as unknown as Row[];
};

describe('hazard demo data', () => {
  it('ent has hazards in every rectification state from all three sources, some overdue, a major one planned', async () => {
    const mine = await list('/api/hazard/list?pageSize=200', 'ent');
    expect(new Set(mine.map((r) => r.rectifyStatus))).toEqual(new Set([-1, 0, 1, 2]));
    expect(new Set(mine.map((r) => r.source))).toEqual(new Set([1, 2, 3]));
    expect(mine.some((r) => r.overdue === true)).toBe(true);
    expect(mine.some((r) => r.level === 2 && r.hasGovernancePlan === true)).toBe(true);
    expect(mine.some((r) => r.level === 2 && r.hasGovernancePlan === false && r.rectifyStatus !== 1)).toBe(
      true,
    );
  });

  it('the service organisation has reviews waiting; the insurer its own checks', async () => {
    expect((await list('/api/hazard/list?toReview=true', 'service')).length).toBeGreaterThan(0);
    expect((await list('/api/hazard/list?source=2', 'insurer')).length).toBeGreaterThan(0);
  });

  it('gov and gov_sy have hazards to dispose of, handlings, and alarms of their districts', async () => {
    for (const who of ['gov', 'gov_sy']) {
      const dispose = await list('/api/hazard/dispose-list?pageSize=100', who);
      expect(dispose.length, who).toBeGreaterThan(0);
      expect((await list('/api/alarm/list?pageSize=100', who)).length, who).toBeGreaterThan(0);
    }
    const gov = await list('/api/hazard/dispose-list?pageSize=100', 'gov');
    expect(new Set(gov.flatMap((r) => r.disposeReasons as string[]))).toEqual(
      new Set(['major', 'overdue', 'rejected']),
    );
    expect(gov.some((r) => (r.handlingCount as number) > 0)).toBe(true);
    expect((await list('/api/alarm/list?pageSize=100', 'insurer')).length).toBeGreaterThan(0);
  });

  it('enterprises in all four risk colours, and supervised enterprises with reasons', async () => {
    const risk = await list('/api/risk/list?pageSize=500', 'gov');
    expect(new Set(risk.map((r) => r.riskLevel))).toEqual(new Set([1, 2, 3, 4]));
    const sup = await list('/api/supervise/list?pageSize=100', 'gov');
    expect(sup.length).toBeGreaterThan(0);
    expect(sup.every((r) => (r.reasonTexts as string[]).length > 0)).toBe(true);
  });

  it('the spec 4 hazard codes feed the regulator’s prevention overview and the portal figures', async () => {
    const ov = await post(t, '/api/prevention/overview', tok.gov);
    expect(ov.status, JSON.stringify(ov.body)).toBe(200);
    const hs = ov.body.data.hazardStats as unknown as {
      total: number;
      byCode: Array<{ code: string; value: number }>;
    };
    expect(hs.byCode.map((c) => c.code)).toEqual(['-1', '0-0', '0-1', '1-0', '1-1']);
    expect(hs.byCode.slice(1).reduce((s, c) => s + c.value, 0)).toBe(hs.total);
    const sy = (await post(t, '/api/prevention/overview', tok.gov_sy)).body.data.hazardStats as unknown as {
      total: number;
    };
    expect(sy.total).toBeLessThan(hs.total);
    const portal = await t.call({ method: 'GET', url: '/api/public/apStats' });
    const items = portal.json().data.items as Array<{ name: string; value: number }>;
    const v = (n: string) => items.find((i) => i.name === n)!.value;
    expect(v('apHazards')).toBeGreaterThanOrEqual(v('apHazardsRectified'));
    expect(v('apMajorHazards')).toBeGreaterThan(0);
    expect(v('apRectifyRate')).toBeGreaterThan(0);
  });
});
