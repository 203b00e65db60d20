import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helpers.ts';

/** The demo regulators see real, non-zero figures on the cockpit and an archived monthly report (seed/stats.ts). */

let t: TestContext;
const tok: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestContext();
  for (const u of ['gov', 'gov_sy']) tok[u] = await t.login(u);
});
afterAll(() => t.close());

type Row = Record<string, unknown> & { key: string; value: number };
describe('stats demo data', () => {
  it('gov sees non-zero figures of this year in every section of the cockpit', async () => {
    const res = await t.call({ method: 'POST', url: '/api/stats/cockpit', token: tok.gov });
    expect(res.statusCode, res.body).toBe(200);
    const kpis = res.json().data.kpis as Row[];
    const v = (key: string) => kpis.find((k) => k.key === key)!.value;
    for (const key of ['mustInsure', 'insured', 'policies', 'premium', 'claims', 'services', 'hazards'])
      expect(v(key), key).toBeGreaterThan(0);
  });

  it('last month’s report is archived for the city and for 泗阳县', async () => {
    const city = await t.call({ method: 'POST', url: '/api/stats/report/list', token: tok.gov });
    const rows = city.json().data.list as Array<{ kind: string; districtCode: string; trigger: string }>;
    expect(rows.map((r) => r.districtCode).sort()).toEqual(['321300', '321323']);
    expect(rows.every((r) => r.kind === 'month' && r.trigger === 'schedule')).toBe(true);
    const sy = await t.call({ method: 'POST', url: '/api/stats/report/list', token: tok.gov_sy });
    expect((sy.json().data.list as Array<{ districtCode: string }>).map((r) => r.districtCode)).toEqual([
      '321323',
    ]);
  });
});
