import { addDays, chinaDate, DISTRICTS } from '@aqzrx/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idem, issueEnt2Policy, orgIdOf, post, today } from '../src/modules/policy/policy.testkit.ts';
import { planBody, projectBody, providerIds } from '../src/modules/prevention/prevention.testkit.ts';
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

// The hazard module's lists (hidden dangers, the regulator's disposal list, alarms, enterprise risk and the
// supervised enterprises) count their totals the same way, and a write drops them when it commits.
describe('hazard module lists: capped totals, dropped by writes', () => {
  let t: TestContext;
  const tok: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestContext({ LIST_COUNT_CAP: '2' });
    for (const u of ['gov', 'insurer', 'ent']) tok[u] = await t.login(u);
  });
  afterAll(async () => {
    await t?.close();
  });

  type Row = { id?: number; enterpriseId?: number; riskLevel?: number | null; points?: number };
  const page = async (url: string, who: string) => {
    const res = await t.call({ method: 'POST', url, token: tok[who] });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { list: Row[]; total: number; totalCapped?: boolean };
  };
  const keyOf = (r: Row) => r.id ?? r.enterpriseId;

  const lists: Array<[string, string]> = [
    ['gov', '/api/hazard/list'],
    ['insurer', '/api/hazard/list'],
    ['gov', '/api/hazard/dispose-list'],
    ['gov', '/api/alarm/list'],
    ['insurer', '/api/alarm/list'],
    ['gov', '/api/risk/list'],
    ['gov', '/api/supervise/list'],
    ['gov', '/api/prevention/hazard/list'],
  ];
  for (const [who, list] of lists) {
    it(`${list} (${who}): more rows than the cap → total = cap, totalCapped; the second page opens`, async () => {
      const first = await page(`${list}?pageNo=1&pageSize=1`, who);
      expect(first).toMatchObject({ total: 2, totalCapped: true });
      expect(first.list).toHaveLength(1);
      const second = await page(`${list}?pageNo=2&pageSize=1`, who);
      expect(second).toMatchObject({ total: 2, totalCapped: true });
      expect(second.list).toHaveLength(1);
      expect(keyOf(second.list[0]!)).not.toBe(keyOf(first.list[0]!));
    });
  }

  /** The enterprise registers a self-check due today; its id. */
  const selfCheck = async (description: string): Promise<number> => {
    const today = chinaDate(t.clock.now());
    const res = await t.call({
      method: 'POST',
      url: '/api/hazard/self-check',
      token: tok.ent,
      payload: {
        checkDate: today,
        description,
        level: 1,
        foundBy: '赵顺达',
        rectifyDept: '生产部',
        deadline: today,
        acceptDept: '安全部',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.id as number;
  };

  it("a self-check registered by the enterprise is in its next total at once, and in the regulator's", async () => {
    const keyword = '计数缓存测试隐患';
    const mine = `/api/hazard/list?pageNo=1&pageSize=10&keyword=${encodeURIComponent(keyword)}`;
    const open = `${mine}&rectifyStatus=-1`;
    expect(await page(mine, 'ent')).toMatchObject({ total: 0, totalCapped: false });
    expect(await page(open, 'ent')).toMatchObject({ total: 0, totalCapped: false });
    expect((await page(mine, 'gov')).total).toBe(0);
    const id = await selfCheck(`${keyword}：车间通道堆放纸箱`);
    // No time passed: the cached zeros were dropped by the commit, not by their age.
    const after = await page(mine, 'ent');
    expect(after).toMatchObject({ total: 1, totalCapped: false });
    expect(after.list.map((r) => r.id)).toEqual([id]);
    expect((await page(open, 'ent')).total).toBe(1);
    expect((await page(mine, 'gov')).total).toBe(1);
  });

  it("acknowledging an alarm is in the caller's next 已确认 total at once", async () => {
    const acked = '/api/alarm/list?pageNo=1&pageSize=10&acknowledged=true';
    expect(await page(acked, 'gov')).toMatchObject({ total: 0, totalCapped: false });
    const one = (await page('/api/alarm/list?pageNo=1&pageSize=1', 'gov')).list[0]!;
    const res = await t.call({
      method: 'POST',
      url: '/api/alarm/ack',
      token: tok.gov,
      payload: { ids: [one.id] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await page(acked, 'gov');
    expect(after).toMatchObject({ total: 1, totalCapped: false });
    expect(after.list.map((r) => r.id)).toEqual([one.id]);
  });

  it("the daily job's alarms (on the job connection) are in the next alarm total at once", async () => {
    const keyword = '日终预警计数测试';
    await selfCheck(`${keyword}：配电房门未上锁`);
    const overdue = `/api/alarm/list?pageNo=1&pageSize=10&kind=hazardOverdue&keyword=${encodeURIComponent(keyword)}`;
    expect(await page(overdue, 'gov')).toMatchObject({ total: 0, totalCapped: false });
    // Two days later the hazard is overdue; the daily job raises its alarm.
    t.clock.advance(2 * 86_400_000);
    tok.gov = await t.login('gov');
    expect((await page(overdue, 'gov')).total).toBe(0);
    await t.app.dailyJobs.runOnce();
    expect(await page(overdue, 'gov')).toMatchObject({ total: 1, totalCapped: false });
  });

  it('risk list: graded enterprises by level and points, an ungraded one last; pages agree across the boundary', async () => {
    // A district whose enterprises fit on one long page (the totals are capped at 2 here).
    let base = '';
    let all: Row[] = [];
    for (const d of DISTRICTS.values) {
      const rows = (await page(`/api/risk/list?pageNo=1&pageSize=200&districtCode=${d}`, 'gov')).list;
      if (rows.length > 3 && rows.length < 200 && (!base || rows.length < all.length)) {
        base = `/api/risk/list?districtCode=${d}`;
        all = rows;
      }
    }
    expect(base).not.toBe('');
    // Two enterprises of the list lose their grading (as ones registered since the last daily run).
    const ungraded = [all[all.length - 2]!.enterpriseId!, all[all.length - 3]!.enterpriseId!].sort(
      (a, b) => a - b,
    );
    await t.database.db.deleteFrom('entRisk').where('enterpriseId', 'in', ungraded).execute();
    const now = (await page(`${base}&pageNo=1&pageSize=200`, 'gov')).list;
    expect(now.map((r) => r.enterpriseId).sort()).toEqual(all.map((r) => r.enterpriseId).sort());
    expect(now.slice(-2)).toMatchObject(ungraded.map((enterpriseId) => ({ enterpriseId, riskLevel: 0 })));
    const rank = (r: Row) => [r.riskLevel || 5, -(r.points ?? 0), r.enterpriseId!];
    for (let i = 1; i < now.length; i++) {
      const [a, b] = [rank(now[i - 1]!), rank(now[i]!)];
      const cmp = a[0]! - b[0]! || a[1]! - b[1]! || a[2]! - b[2]!;
      expect(cmp, `rows ${i - 1} and ${i}`).toBeLessThan(0);
    }
    const order = now.map((r) => r.enterpriseId);
    // Pages of one (an ungraded row alone on its page, found after the graded ones are counted) and of
    // three (graded and ungraded rows on one page) give the same order.
    const ones: number[] = [];
    for (let p = 1; p <= order.length; p++)
      ones.push(...(await page(`${base}&pageNo=${p}&pageSize=1`, 'gov')).list.map((r) => r.enterpriseId!));
    expect(ones).toEqual(order);
    const threes: number[] = [];
    for (let p = 1; p <= Math.ceil(order.length / 3); p++)
      threes.push(...(await page(`${base}&pageNo=${p}&pageSize=3`, 'gov')).list.map((r) => r.enterpriseId!));
    expect(threes).toEqual(order);
    expect((await page(`${base}&pageNo=${order.length + 1}&pageSize=1`, 'gov')).list).toEqual([]);
  });

  it('supervise list: pages of one give the order of one long page', async () => {
    const all = (await page('/api/supervise/list?pageNo=1&pageSize=200', 'gov')).list;
    expect(all.length).toBeGreaterThan(2);
    const ones: number[] = [];
    for (let p = 1; p <= all.length; p++)
      ones.push(
        ...(await page(`/api/supervise/list?pageNo=${p}&pageSize=1`, 'gov')).list.map((r) => r.enterpriseId!),
      );
    expect(ones).toEqual(all.map((r) => r.enterpriseId));
  });
});

// The accident-prevention lists (plans, projects, the fund ledger, the project form's policies, service
// requests) count their totals the same way: up to the cap, per role and filters, dropped by every write.
describe('prevention list totals capped at LIST_COUNT_CAP', () => {
  let t: TestContext;
  const tok: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestContext({ LIST_COUNT_CAP: '2', LOGIN_RATE_MAX: '1000', API_RATE_MAX: '100000' });
    for (const u of ['insurer', 'service', 'gov', 'ent', 'ent2']) tok[u] = await t.login(u);
  });
  afterAll(async () => {
    await t?.close();
  });

  type Page = { list: Array<Record<string, unknown>>; total: number; totalCapped?: boolean };
  const page = async (url: string, who: string): Promise<Page> => {
    const res = await post(t, url, tok[who]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data as unknown as Page;
  };
  /** A row's identity in each list (the picker's rows are policies). */
  const idOf = (r: Record<string, unknown>) => r.id ?? r.policyId;

  const capped: Array<[string, string]> = [
    ['/api/prevention/plan/list', 'insurer'],
    ['/api/prevention/plan/list', 'service'],
    ['/api/prevention/plan/list', 'gov'],
    ['/api/prevention/project/list', 'insurer'],
    ['/api/prevention/project/list', 'service'],
    ['/api/prevention/project/list', 'gov'],
    ['/api/prevention/fund/list', 'insurer'],
    ['/api/prevention/fund/list', 'gov'],
    ['/api/prevention/project/policies', 'insurer'],
    ['/api/serviceRequest/list', 'insurer'],
  ];
  for (const [list, who] of capped) {
    it(`${list} as ${who}: total = cap with totalCapped; the next page up to the cap opens`, async () => {
      const first = await page(`${list}?pageNo=1&pageSize=1`, who);
      expect(first).toMatchObject({ total: 2, totalCapped: true });
      expect(first.list).toHaveLength(1);
      const next = await page(`${list}?pageNo=2&pageSize=1`, who);
      expect(next.list).toHaveLength(1);
      expect(idOf(next.list[0]!)).not.toBe(idOf(first.list[0]!));
    });
  }

  it('a total within the cap is exact and not flagged (the fund of one policy number)', async () => {
    const one = await page('/api/prevention/fund/list?pageNo=1&pageSize=1', 'insurer');
    const policyNo = one.list[0]!.policyNo as string;
    const found = await page(
      `/api/prevention/fund/list?pageNo=1&pageSize=10&keyword=${encodeURIComponent(policyNo)}`,
      'insurer',
    );
    expect(found.list.map((r) => r.policyNo)).toContain(policyNo);
    expect(found.total).toBe(found.list.length);
    expect(found.totalCapped).toBe(false);
  });

  it("each write shows in the writer's next total at once: policy, project, fund, plan", async () => {
    const policyNo = `PTOTAL${Date.now()}`;
    const picker = `/api/prevention/project/policies?pageNo=1&pageSize=10&keyword=${policyNo}`;
    // Counted (0) and kept before each write: only the write's countsChanged can make the next page see it.
    expect(await page(picker, 'insurer')).toMatchObject({ total: 0, totalCapped: false });
    const policyId = await issueEnt2Policy(t, { ent2: tok.ent2!, insurer: tok.insurer! }, 0, policyNo);
    expect(await page(picker, 'insurer')).toMatchObject({ total: 1, totalCapped: false });

    const name = `合计测试项目${Date.now()}`;
    const projects = `/api/prevention/project/list?pageNo=1&pageSize=10&keyword=${encodeURIComponent(name)}`;
    const funds = (state: string) =>
      `/api/prevention/fund/list?pageNo=1&pageSize=10&state=${state}&keyword=${policyNo}`;
    expect((await page(projects, 'insurer')).total).toBe(0);
    expect((await page(funds('pending'), 'insurer')).total).toBe(0);
    const project = await post(
      t,
      '/api/prevention/project/add',
      tok.insurer,
      await projectBody(t, [policyId], { name }),
      idem(),
    );
    expect(project.status, JSON.stringify(project.body)).toBe(200);
    expect(await page(projects, 'insurer')).toMatchObject({ total: 1, totalCapped: false });
    // The project made the policy's fund (待计提); accruing it moves it to 可使用.
    expect((await page(funds('pending'), 'insurer')).total).toBe(1);
    expect((await page(funds('available'), 'insurer')).total).toBe(0);
    const accrued = await post(t, '/api/prevention/fund/accrue', tok.insurer, { policyId, ratio: 15 });
    expect(accrued.status, JSON.stringify(accrued.body)).toBe(200);
    expect((await page(funds('available'), 'insurer')).total).toBe(1);
    expect((await page(funds('pending'), 'insurer')).total).toBe(0);

    const plan = `合计测试计划${Date.now()}`;
    const plans = `/api/prevention/plan/list?pageNo=1&pageSize=10&keyword=${encodeURIComponent(plan)}`;
    expect((await page(plans, 'insurer')).total).toBe(0);
    const { service } = await providerIds(t);
    const added = await post(
      t,
      '/api/prevention/plan/add',
      tok.insurer,
      planBody(t, project.body.data.id as number, await orgIdOf(t, 'ent2'), service, { name: plan }),
      idem(),
    );
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(await page(plans, 'insurer')).toMatchObject({ total: 1, totalCapped: false });
  });

  it("a service request shows in the enterprise's and the insurer's next totals at once", async () => {
    const mine = await post(t, '/api/serviceRequest/policies', tok.ent);
    const policyId = (mine.body.data as unknown as Array<{ policyId: number }>)[0]!.policyId;
    const list = `/api/serviceRequest/list?pageNo=1&pageSize=10&policyId=${policyId}&status=pending`;
    const before = { ent: (await page(list, 'ent')).total, insurer: (await page(list, 'insurer')).total };
    expect(before.ent).toBeLessThan(2);
    const asked = await post(
      t,
      '/api/serviceRequest/add',
      tok.ent,
      {
        policyId,
        item: '03',
        description: '请安排一次隐患排查',
        wishedFrom: addDays(today(t), 5),
        contactName: '钱安全',
        contactPhone: '13905275678',
      },
      idem(),
    );
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect((await page(list, 'ent')).total).toBe(before.ent + 1);
    expect((await page(list, 'insurer')).total).toBe(Math.min(before.insurer + 1, 2));
  });
});
