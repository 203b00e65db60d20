import { addDays, oneYearEnd } from '@aqzrx/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { idem, issueEnt2Policy, makeUser, post, today } from '../policy/policy.testkit.ts';

/**
 * A period change is checked when the enterprise applies, with the rules the approval applies (overlap,
 * one year, no gap), and the enterprise may withdraw its pending application (domain 2.7, 3.3).
 */

let t: TestContext;
let ent: string;
let ent2: string;
let insurer: string;
let current: number;
let next: number;

const DAY = 86_400_000;
const daysUntil = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY);

beforeAll(async () => {
  t = await createTestContext({ LOGIN_RATE_MAX: '1000', API_RATE_MAX: '100000' });
  [ent, ent2, insurer] = await Promise.all([t.login('ent'), t.login('ent2'), t.login('insurer')]);
  // The policy in force from today, and the enterprise's next one from the day after it ends.
  current = await issueEnt2Policy(t, { ent2, insurer }, 0, 'PICC-CHK-0001');
  next = await issueEnt2Policy(
    t,
    { ent2, insurer },
    daysUntil(today(t), oneYearEnd(today(t))) + 1,
    'PICC-CHK-0002',
  );
});
afterAll(() => t.close());

const policy = async (id = current) =>
  (await post(t, `/api/policy/detail?id=${id}`, ent2)).body.data as unknown as {
    version: number;
    policyNo: string;
    startDate: string;
    endDate: string;
    openEndorsement: unknown;
  };
const detail = async (id: number, token = ent2) =>
  (await post(t, `/api/endorsement/detail?id=${id}`, token)).body.data as unknown as {
    id: number;
    version: number;
    status: string;
    withdrawnAt: string | null;
    actions: { review: boolean; withdraw: boolean };
  };
async function apply(body: Record<string, unknown>) {
  const p = await policy();
  return post(
    t,
    '/api/endorsement/add',
    ent2,
    { policyId: current, policyVersion: p.version, reason: '调整保险期间', effectiveDate: today(t), ...body },
    idem(),
  );
}
const openOf = async () =>
  (await post(t, `/api/endorsement/list?policyId=${current}&status=applied`, ent2)).body.data.page.list;

describe('endorsement application checks', () => {
  it('refuses at application a period change that leaves a gap and overlaps the next policy', async () => {
    const n = await policy(next);
    const start = addDays(today(t), 190);
    const r = await apply({ type: '06', change: { startDate: start, endDate: oneYearEnd(start) } });
    expect(r.status).toBe(400);
    const p = await policy();
    expect(r.body.result).toContain(`保单已于 ${p.startDate} 起保，保险起期不能推后到 ${start}`);
    expect(r.body.result).toContain(
      `变更后的保险期间与该企业其他保单重叠：${n.policyNo}（${n.startDate} 至 ${n.endDate}）`,
    );
    // Nothing was stored: the policy stays free for another application.
    expect(await openOf()).toEqual([]);
    // Longer than one year is refused at application too.
    const long = await apply({ type: '06', change: { endDate: addDays(p.endDate, 1) } });
    expect(long.status).toBe(400);
    expect(long.body.result).toContain('保险期间最长一年');
  });

  it('the enterprise withdraws its pending application; the policy is free again', async () => {
    const p = await policy();
    const a = await apply({ type: '06', change: { endDate: addDays(p.startDate, 200) } });
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    const id = a.body.data.id as number;
    expect((await policy()).openEndorsement).toMatchObject({ id, status: 'applied' });

    const again = await apply({ type: '07', change: {} });
    expect(again.status).toBe(409);
    expect(again.body.result).toContain('请等待审核或撤回该申请后再申请');

    const d = await detail(id);
    expect(d.actions).toEqual({ review: false, withdraw: true });
    expect((await detail(id, insurer)).actions).toEqual({ review: true, withdraw: false });
    const body = { id, version: d.version };
    // Only the applicant withdraws: the insurer may not, another enterprise does not see it.
    expect((await post(t, '/api/endorsement/withdraw', insurer, body)).status).toBe(403);
    expect((await post(t, '/api/endorsement/withdraw', ent, body)).status).toBe(404);
    const gov = await makeUser(t, 'gov', 'gov-withdraw');
    expect((await post(t, '/api/endorsement/withdraw', gov, body)).status).toBe(403);
    expect((await post(t, '/api/endorsement/withdraw', ent2, { id, version: 99 })).status).toBe(409);

    const w = await post(t, '/api/endorsement/withdraw', ent2, body);
    expect(w.status).toBe(200);
    expect(w.body.result).toBe('批改申请已撤回');
    const after = await detail(id);
    expect(after).toMatchObject({ status: 'withdrawn', statusLabel: '已撤回' });
    expect(after.withdrawnAt).toBeTruthy();
    expect(after.actions).toEqual({ review: false, withdraw: false });
    expect((await policy()).openEndorsement).toBeNull();

    // A withdrawn application can be neither withdrawn again nor reviewed.
    const twice = await post(t, '/api/endorsement/withdraw', ent2, { id, version: after.version });
    expect(twice.status).toBe(409);
    expect(twice.body.result).toContain('已撤回，只有待审核的申请可以撤回');
    const review = await post(t, '/api/endorsement/review', insurer, {
      id,
      version: after.version,
      approve: true,
    });
    expect(review.status).toBe(409);

    // The policy takes another application, which the insurer approves.
    const b = await apply({ type: '06', change: { endDate: addDays(p.startDate, 300) } });
    expect(b.status).toBe(200);
    const bd = await detail(b.body.data.id as number, insurer);
    const ok = await post(t, '/api/endorsement/review', insurer, {
      id: bd.id,
      version: bd.version,
      approve: true,
    });
    expect(ok.status).toBe(200);
    expect((await policy()).endDate).toBe(addDays(p.startDate, 300));
    // An approved endorsement is the insurer's decision: no longer withdrawable.
    const done = await detail(bd.id as number);
    expect(done.actions.withdraw).toBe(false);
    const late = await post(t, '/api/endorsement/withdraw', ent2, { id: done.id, version: done.version });
    expect(late.status).toBe(409);
    const listed = await post(t, '/api/endorsement/list?status=withdrawn', ent2);
    expect(listed.body.data.page.list.map((e) => e.id)).toEqual([id]);
  });
});
