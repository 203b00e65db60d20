import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers.ts';

// Issue 18: the large lists count their total only up to LIST_COUNT_CAP (here 2, so the demo data is
// "large"); above it the API answers the cap with totalCapped and every page up to the cap still opens.
describe('list totals capped at LIST_COUNT_CAP', () => {
  let t: TestContext;
  let gov: string;
  beforeAll(async () => {
    t = await createTestContext({ LIST_COUNT_CAP: '2' });
    gov = await t.login('gov');
  });
  afterAll(async () => {
    await t?.close();
  });

  const page = async (url: string) => {
    const res = await t.call({ method: 'POST', url, token: gov });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.page as { list: Array<{ id: number }>; total: number; totalCapped?: boolean };
  };

  for (const list of ['/api/policy/list', '/api/govInsurance/claimList', '/api/enterprise/list']) {
    it(`${list}: more rows than the cap → total = cap, totalCapped; the last page up to the cap opens`, async () => {
      const first = await page(`${list}?pageNo=1&pageSize=1`);
      expect(first).toMatchObject({ total: 2, totalCapped: true });
      expect(first.list).toHaveLength(1);
      const last = await page(`${list}?pageNo=2&pageSize=1`);
      expect(last.list).toHaveLength(1);
      expect(last.list[0]!.id).not.toBe(first.list[0]!.id);
    });
  }

  it('a total within the cap is exact and not flagged', async () => {
    const all = await page('/api/enterprise/list?pageNo=1&pageSize=1');
    expect(all.totalCapped).toBe(true);
    // One enterprise by its name: exactly one row, counted exactly.
    const one = await t.call({ method: 'POST', url: '/api/enterprise/list?pageNo=1&pageSize=1', token: gov });
    const name = (one.json().data.page.list[0] as { name: string }).name;
    const found = await page(`/api/enterprise/list?pageNo=1&pageSize=10&keyword=${encodeURIComponent(name)}`);
    expect(found.total).toBe(found.list.length);
    expect(found.total).toBeLessThanOrEqual(2);
    expect(found.totalCapped).toBe(false);
  });
});
