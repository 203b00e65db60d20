import { addDays } from '@aqzrx/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { idem, issueEnt2Policy, orgIdOf, policyBody, post, today } from './policy.testkit.ts';

let t: TestContext;
let ent: string;
let ent2: string;
let insurer: string;
beforeAll(async () => {
  t = await createTestContext({ LOGIN_RATE_MAX: '1000', API_RATE_MAX: '100000' });
  [ent, ent2, insurer] = await Promise.all([t.login('ent'), t.login('ent2'), t.login('insurer')]);
});
afterAll(() => t.close());

describe('/api/policy/rules', () => {
  it('401 without a token, 403 without policy.query', async () => {
    expect((await post(t, '/api/policy/rules', undefined)).status).toBe(401);
    expect((await post(t, '/api/policy/rules', await t.login('admin'))).status).toBe(403);
  });

  it('answers the configured floor and cap, read per request', async () => {
    const a = await post(t, '/api/policy/rules', insurer);
    expect(a.status).toBe(200);
    expect(a.body.data).toMatchObject({
      minPerPersonLimit: 400000,
      preventionFeeCapPct: 21,
      today: today(t),
    });
    expect(a.body.data.nextStartDate).toBeNull();
    const ins = await t.app.deps.settings.get('insurance');
    await t.app.deps.settings.set(
      t.database.db,
      'insurance',
      { ...ins, minPerPersonLimit: 500000, preventionFeeCapPct: 18 },
      null,
    );
    const b = await post(t, '/api/policy/rules', ent);
    expect(b.body.data).toMatchObject({ minPerPersonLimit: 500000, preventionFeeCapPct: 18 });
    await t.app.deps.settings.set(t.database.db, 'insurance', ins, null);
  });

  it("an enterprise's earliest start is the day after its last policy that has not ended", async () => {
    const entId = await orgIdOf(t, 'ent');
    const last = await t.database.db
      .selectFrom('insPolicy')
      .select((eb) => eb.fn.max('endDate').as('end'))
      .where('enterpriseId', '=', entId)
      .where('status', 'in', ['submitted', 'approved'])
      .executeTakeFirstOrThrow();
    const end =
      last.end instanceof Date
        ? new Date(last.end.getTime() - last.end.getTimezoneOffset() * 60_000).toISOString().slice(0, 10)
        : String(last.end).slice(0, 10);
    const r = await post(t, '/api/policy/rules', ent);
    expect(end >= today(t)).toBe(true);
    expect(r.body.data.nextStartDate).toBe(addDays(end, 1));
    // A policy applied for from that date passes the overlap check on submit.
    const mine = await post(t, '/api/enterprise/mine', ent);
    const employees = mine.body.data.employees as number;
    const add = await post(
      t,
      '/api/policy/add',
      ent,
      {
        ...policyBody(r.body.data.nextStartDate as string, employees),
        insurerId: await orgIdOf(t, 'insurer'),
      },
      idem(),
    );
    expect(add.status).toBe(200);
    const d = await post(t, `/api/policy/detail?id=${add.body.data.id}`, ent);
    const sub = await post(
      t,
      `/api/policy/submit?id=${add.body.data.id}&version=${d.body.data.version}`,
      ent,
    );
    expect(sub.status).toBe(200);
    const again = await post(t, '/api/policy/rules', ent);
    expect((again.body.data.nextStartDate as string) > (r.body.data.nextStartDate as string)).toBe(true);
  });

  it('an enterprise without a current policy may start today', async () => {
    // ent2 has no policy in the demo data until it applies.
    const r = await post(t, '/api/policy/rules', ent2);
    expect(r.body.data.nextStartDate).toBe(today(t));
  });
});

describe('attachment names on details', () => {
  it('policy and endorsement details list attachment names and sizes', async () => {
    const file = await t.database.db
      .insertInto('sysFile')
      .values({
        id: '0f6b1e7a-2d4c-4b8e-9a51-3c2d1e0f9a88',
        kind: 'pdf',
        mime: 'application/pdf',
        ext: 'pdf',
        size: 1234,
        sha256: 'x'.repeat(64),
        originalName: '保单扫描件.pdf',
        storagePath: 'none.pdf',
        ownerUserId: null,
        ownerOrgId: await orgIdOf(t, 'ent2'),
        createdAt: t.clock.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = await issueEnt2Policy(t, { ent2, insurer }, 5);
    await t.database.db
      .updateTable('insPolicy')
      .set({ attachments: JSON.stringify([file.id]) })
      .where('id', '=', id)
      .execute();
    const d = await post(t, `/api/policy/detail?id=${id}`, ent2);
    expect(d.body.data.attachmentFiles).toEqual([
      { id: file.id, name: '保单扫描件.pdf', size: 1234, kind: 'pdf' },
    ]);
    const en = await post(
      t,
      '/api/endorsement/add',
      ent2,
      {
        policyId: id,
        policyVersion: d.body.data.version,
        type: '07',
        reason: '补充保单扫描件',
        effectiveDate: d.body.data.startDate,
        attachments: [file.id],
      },
      idem(),
    );
    expect(en.status).toBe(200);
    const ed = await post(t, `/api/endorsement/detail?id=${en.body.data.id}`, insurer);
    expect(ed.body.data.attachmentFiles).toEqual([
      { id: file.id, name: '保单扫描件.pdf', size: 1234, kind: 'pdf' },
    ]);
    const none = await post(t, `/api/policy/detail?id=${id}`, insurer);
    expect(none.body.data.attachmentFiles).toHaveLength(1);
  });
});

describe('state filter issued', () => {
  it('lists issued policies only (approved in any time state, or cancelled)', async () => {
    const all = await post(t, '/api/policy/list?pageSize=100', ent);
    const issued = await post(t, '/api/policy/list?pageSize=100&state=issued', ent);
    expect(issued.status).toBe(200);
    const list = issued.body.data.page.list;
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((p) => ['approved', 'cancelled'].includes(p.status as string))).toBe(true);
    expect(all.body.data.page.list.some((p) => p.status === 'submitted')).toBe(true);
    expect(issued.body.data.page.total).toBe(
      all.body.data.page.list.filter((p) => ['approved', 'cancelled'].includes(p.status as string)).length,
    );
  });
});
