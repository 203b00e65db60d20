import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { decryptPii } from '../../platform/pii.ts';
import { idem, issueEnt2Policy, post, today } from '../policy/policy.testkit.ts';

/** Real GB 11643 numbers (valid check digits). */
const ID_A = '11010519491231002X';
const ID_B = '321302198506123018';
const ID_C = '321322199003150030';
const ID_D = '321311198811204523';
const MASK = /^\d{6}\*{8}\d{3}[\dX]$/;

let t: TestContext;
let ent: string;
let ent2: string;
let insurer: string;
let policyId: number;

beforeAll(async () => {
  t = await createTestContext({ LOGIN_RATE_MAX: '1000', API_RATE_MAX: '100000' });
  [ent, ent2, insurer] = await Promise.all([t.login('ent'), t.login('ent2'), t.login('insurer')]);
  policyId = await issueEnt2Policy(t, { ent2, insurer }, 0, 'PICC-ROSTER-01');
});
afterAll(() => t.close());

async function policy(token = ent2) {
  return (await post(t, `/api/policy/detail?id=${policyId}`, token)).body.data;
}
async function apply(type: string, roster: unknown[], extra: Record<string, unknown> = {}) {
  const p = await policy();
  return post(
    t,
    '/api/endorsement/add',
    ent2,
    {
      policyId,
      policyVersion: p.version,
      type,
      reason: '人员变动',
      effectiveDate: today(t),
      change: { roster },
      ...extra,
    },
    idem(),
  );
}
async function approve(id: number) {
  const d = await post(t, `/api/endorsement/detail?id=${id}`, insurer);
  const r = await post(t, '/api/endorsement/review', insurer, {
    id,
    version: d.body.data.version,
    approve: true,
  });
  expect(r.status).toBe(200);
  return r.body.data as unknown as { policyVersion: number };
}
async function persons(query = '', token = ent2) {
  const r = await post(t, `/api/policy/persons?id=${policyId}${query}`, token);
  return r;
}

describe('endorsement roster (加人/减人/换人 with ID numbers)', () => {
  it('adds persons: the roster is stored encrypted and shown masked; approval fills the policy list', async () => {
    const a = await apply(
      '01',
      [
        { direction: 'in', name: '周新员', idNo: ID_A.toLowerCase(), position: '操作工' },
        { direction: 'in', name: '吴新工', idType: '01', idNo: ID_B },
      ],
      { premiumDelta: 1000 },
    );
    expect(a.status).toBe(200);
    const id = a.body.data.id as number;
    for (const token of [ent2, insurer]) {
      const d = await post(t, `/api/endorsement/detail?id=${id}`, token);
      expect(d.body.data.roster).toEqual([
        {
          direction: 'in',
          name: '周新员',
          idType: '01',
          idTypeLabel: '居民身份证',
          idNo: '110105********002X',
          position: '操作工',
        },
        {
          direction: 'in',
          name: '吴新工',
          idType: '01',
          idTypeLabel: '居民身份证',
          idNo: '321302********3018',
          position: '',
        },
      ]);
      // The headcount follows the roster; names stay readable for earlier clients.
      expect(d.body.data.change).toEqual({ headcount: 27, personsIn: ['周新员', '吴新工'] });
      expect(d.body.data.after).toMatchObject({ headcount: 27 });
      expect(JSON.stringify(d.body)).not.toContain(ID_A);
      expect(JSON.stringify(d.body)).not.toContain(ID_B);
    }
    const list = await post(t, `/api/endorsement/list?policyId=${policyId}`, ent2);
    expect(JSON.stringify(list.body)).not.toContain(ID_B);
    const rows = await t.database.db
      .selectFrom('insEndorsementPerson')
      .selectAll()
      .where('endorsementId', '=', id)
      .orderBy('sort')
      .execute();
    expect(rows).toHaveLength(2);
    expect(rows[0]!.idNoEnc).not.toContain(ID_A);
    expect(decryptPii(rows[0]!.idNoEnc)).toBe(ID_A);
    const stored = await t.database.db
      .selectFrom('insEndorsement')
      .select('change')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored.change)).not.toContain(ID_A);

    const before = await policy();
    expect(before.personCount).toBe(0);
    const { policyVersion } = await approve(id);
    const after = await policy();
    expect(after).toMatchObject({ headcount: 27, personCount: 2, version: (before.version as number) + 1 });
    const ps = await persons();
    expect(ps.status).toBe(200);
    expect(ps.body.data.page.total).toBe(2);
    expect(ps.body.data.page.list[0]).toMatchObject({
      name: '周新员',
      idNo: '110105********002X',
      position: '操作工',
      joinedOn: today(t),
      leftOn: null,
    });
    for (const p of ps.body.data.page.list) expect(p.idNo).toMatch(MASK);
    // The new snapshot lists the persons (masked); the earlier version had none.
    const v = await post(t, `/api/policy/version?id=${policyId}&version=${policyVersion}`, ent2);
    const snap = v.body.data.snapshot as { persons: Array<{ name: string; idNo: string }> };
    expect(snap.persons.map((p) => p.name)).toEqual(['周新员', '吴新工']);
    expect(JSON.stringify(snap)).not.toContain(ID_A);
    const old = await post(t, `/api/policy/version?id=${policyId}&version=${before.version}`, ent2);
    expect((old.body.data.snapshot as { headcount: number; persons: unknown[] }).headcount).toBe(25);
    expect((old.body.data.snapshot as { persons: unknown[] }).persons).toEqual([]);
  });

  it('refuses removing a person who is not on the policy, adding one who is, repeats and wrong directions', async () => {
    let r = await apply('02', [{ direction: 'out', name: '郑不在', idNo: ID_C }], { premiumDelta: -100 });
    expect(r.status).toBe(400);
    expect(r.body.result).toBe('减少人员郑不在（321322********0030）不在本保单的参保人员名单中，不能减少');
    r = await apply('01', [{ direction: 'in', name: '周新员', idNo: ID_A }]);
    expect(r.status).toBe(400);
    expect(r.body.result).toContain('周新员（110105********002X）已在本保单的参保人员名单中');
    r = await apply('01', [
      { direction: 'in', name: '郑一', idNo: ID_C },
      { direction: 'in', name: '郑二', idNo: ID_C },
    ]);
    expect(r.status).toBe(400);
    expect(r.body.result).toContain('第2人的证件号码与第1人重复');
    r = await apply('01', [{ direction: 'in', name: '郑一', idNo: '321322199003150031' }]);
    expect(r.status).toBe(400);
    expect(r.body.result).toContain('身份证号码格式或校验位不正确');
    r = await apply('01', [{ direction: 'out', name: '周新员', idNo: ID_A }]);
    expect(r.status).toBe(400);
    expect(r.body.result).toContain('加人批改的人员名单只能填写新增人员');
    r = await apply('03', [{ direction: 'out', name: '周新员', idNo: ID_A }]);
    expect(r.body.result).toContain('换人批改须填写人数相同的换入、换出人员名单');
    r = await apply('05', [{ direction: 'in', name: '郑一', idNo: ID_C }]);
    expect(r.body.result).toContain('不能修改“人员名单”');
    r = await apply('01', [{ direction: 'in', name: '郑一', idNo: ID_C }], {
      change: { headcount: 29, roster: [{ direction: 'in', name: '郑一', idNo: ID_C }] },
    });
    expect(r.body.result).toContain('人员名单人数须与参保人数的变化一致');
    expect(
      await t.database.db
        .selectFrom('insEndorsement')
        .select('id')
        .where('policyId', '=', policyId)
        .where('status', '=', 'applied')
        .execute(),
    ).toEqual([]);
  });

  it('replaces one person (headcount unchanged), removes another; history keeps who left and by which endorsement', async () => {
    const rep = await apply('03', [
      { direction: 'out', name: '周新员', idNo: ID_A },
      { direction: 'in', name: '郑换入', idNo: ID_C, position: '电工' },
    ]);
    expect(rep.status).toBe(200);
    await approve(rep.body.data.id as number);
    expect(await policy()).toMatchObject({ headcount: 27, personCount: 2 });
    const now = (await persons()).body.data.page.list.map((p) => p.name);
    expect(now).toEqual(['吴新工', '郑换入']);

    const rm = await apply('02', [{ direction: 'out', name: '吴新工', idNo: ID_B }], { premiumDelta: -200 });
    expect(rm.status).toBe(200);
    const rmNo = (await post(t, `/api/endorsement/detail?id=${rm.body.data.id}`, ent2)).body.data
      .endorsementNo;
    await approve(rm.body.data.id as number);
    expect(await policy()).toMatchObject({ headcount: 26, personCount: 1 });

    const all = (await persons('&all=true')).body.data.page.list;
    expect(all.map((p) => [p.name, p.leftOn !== null])).toEqual([
      ['周新员', true],
      ['吴新工', true],
      ['郑换入', false],
    ]);
    expect(all[1]).toMatchObject({ leftOn: today(t), leftEndorsementNo: rmNo });
    // A person who left can be added again.
    const back = await apply(
      '01',
      [
        { direction: 'in', name: '吴新工', idNo: ID_B },
        { direction: 'in', name: '钱新', idNo: ID_D },
      ],
      {
        premiumDelta: 300,
      },
    );
    expect(back.status).toBe(200);
    await approve(back.body.data.id as number);
    expect(await policy()).toMatchObject({ headcount: 28, personCount: 3 });
  });

  it('persons: search by name or by a full ID number; scoped like the policy', async () => {
    let r = await persons('&keyword=郑');
    expect(r.body.data.page.list.map((p) => p.name)).toEqual(['郑换入']);
    r = await persons(`&keyword=${ID_D}`);
    expect(r.body.data.page.list.map((p) => p.name)).toEqual(['钱新']);
    expect((await persons('', insurer)).status).toBe(200);
    expect((await persons('', ent)).status).toBe(404);
  });

  it('names-only requests (no ID numbers) keep working as before', async () => {
    const p = await policy();
    const r = await post(
      t,
      '/api/endorsement/add',
      ent2,
      {
        policyId,
        policyVersion: p.version,
        type: '01',
        reason: '新招员工',
        effectiveDate: today(t),
        change: { headcount: 29, personsIn: ['孙临时'] },
        premiumDelta: 100,
      },
      idem(),
    );
    expect(r.status).toBe(200);
    const d = await post(t, `/api/endorsement/detail?id=${r.body.data.id}`, ent2);
    expect(d.body.data).toMatchObject({ roster: [], change: { headcount: 29, personsIn: ['孙临时'] } });
    await approve(r.body.data.id as number);
    expect(await policy()).toMatchObject({ headcount: 29, personCount: 3 });
  });
});
