import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { idem, issueEnt2Policy, orgIdOf, post, profileBody, today } from '../policy/policy.testkit.ts';

/**
 * 经营状态 decides whether a policy may be cancelled (2025 办法 Art. 16). While an enterprise holds an
 * issued policy it cannot declare itself closed: the regulator changes the status (audited), and only then
 * may the enterprise apply for cancellation (退保).
 */

let t: TestContext;
let ent2: string;
let insurer: string;
let gov: string;
let ent2Id: number;
let policyId: number;

beforeAll(async () => {
  t = await createTestContext({ LOGIN_RATE_MAX: '1000', API_RATE_MAX: '100000' });
  [ent2, insurer, gov] = await Promise.all([t.login('ent2'), t.login('insurer'), t.login('gov')]);
  ent2Id = await orgIdOf(t, 'ent2');
});
afterAll(() => t.close());

const saveMine = async (overrides: Record<string, unknown>) => {
  const mine = await post(t, '/api/enterprise/mine', ent2);
  return post(t, '/api/enterprise/saveMine', ent2, {
    ...profileBody(overrides),
    version: mine.body.data.version,
  });
};

describe('operating status (经营状态) of an insured enterprise', () => {
  it('without an issued policy the enterprise edits it itself', async () => {
    expect((await saveMine({ operatingStatus: 2 })).status).toBe(200);
    expect((await saveMine({ operatingStatus: 1 })).status).toBe(200);
    expect((await post(t, '/api/enterprise/mine', ent2)).body.data.operatingStatusLocked).toBe(false);
  });

  it('with an issued policy the enterprise cannot change it; other fields still save', async () => {
    policyId = await issueEnt2Policy(t, { ent2, insurer }, 0, 'PICC-OPS-0001');
    expect((await post(t, '/api/enterprise/mine', ent2)).body.data.operatingStatusLocked).toBe(true);
    const closed = await saveMine({ operatingStatus: 3 });
    expect(closed.status).toBe(409);
    expect(closed.body.result).toContain('经营状态须由属地监管部门核实后变更');
    const row = await t.database.db
      .selectFrom('insEnterprise')
      .select('operatingStatus')
      .where('id', '=', ent2Id)
      .executeTakeFirstOrThrow();
    expect(row.operatingStatus).toBe(1);
    expect((await saveMine({ operatingStatus: 1, businessScope: '房屋建筑工程施工' })).status).toBe(200);
    // So it cannot apply for cancellation on its own say-so.
    const p = (await post(t, `/api/policy/detail?id=${policyId}`, ent2)).body.data;
    const cancel = await post(
      t,
      '/api/endorsement/add',
      ent2,
      {
        policyId,
        policyVersion: p.version,
        type: '08',
        reason: '企业已关闭',
        effectiveDate: today(t),
        change: {},
        premiumDelta: -1000,
      },
      idem(),
    );
    expect(cancel.status).toBe(400);
    expect(cancel.body.result).toContain('正常经营期间不能退保');
  });

  it('the regulator changes it through the audited enterprise edit; then cancellation may be applied for', async () => {
    const since = new Date(t.clock.now().getTime() - 1000);
    const d = await post(t, `/api/enterprise/detail?id=${ent2Id}`, gov);
    expect(d.body.data.operatingStatusLocked).toBe(true);
    const { legalMobile: _l, safetyMobile: _s, ...rest } = profileBody({ operatingStatus: 3 });
    const edit = await post(t, '/api/enterprise/edit', gov, {
      ...rest,
      id: ent2Id,
      version: d.body.data.version,
    });
    expect(edit.status).toBe(200);
    const log = await t.database.db
      .selectFrom('sysOperLog')
      .select(['module', 'kind', 'outcome', 'targetId', 'username'])
      .where('path', '=', '/api/enterprise/edit')
      .where('createdAt', '>=', since)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(log).toMatchObject({
      module: '企业管理',
      kind: 'edit',
      outcome: 'success',
      targetId: String(ent2Id),
      username: 'gov',
    });
    const p = (await post(t, `/api/policy/detail?id=${policyId}`, ent2)).body.data;
    const cancel = await post(
      t,
      '/api/endorsement/add',
      ent2,
      {
        policyId,
        policyVersion: p.version,
        type: '08',
        reason: '企业已依法关闭',
        effectiveDate: today(t),
        change: {},
        premiumDelta: -1000,
      },
      idem(),
    );
    expect(cancel.status).toBe(200);
    // Nor can the enterprise turn itself back to operating while the policy stands.
    expect((await saveMine({ operatingStatus: 1 })).status).toBe(409);
  });
});
