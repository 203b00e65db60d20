import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { idem, issueEnt2Policy, post } from '../policy/policy.testkit.ts';

/**
 * What the claim API tests share (claim.test.ts, claim-views.test.ts): a test database with ent2's policy in
 * force since 10 days ago (issued by the insurer), the logins, and the report/detail/step calls.
 */
export interface ClaimKit {
  t: TestContext;
  tok: Record<'ent' | 'ent2' | 'insurer' | 'gov', string>;
  policyId: number;
  /** A distinct accident minute for each report: the same policy and accident time is a duplicate report. */
  nextAccident: () => string;
  report: (
    token: string,
    over?: Record<string, unknown>,
    key?: Record<string, string>,
  ) => ReturnType<typeof post>;
  detail: (token: string, id: number) => ReturnType<typeof post>;
  step: (token: string, id: number, body: Record<string, unknown>) => ReturnType<typeof post>;
}

const HOUR = 3600_000;

export async function openClaimKit(): Promise<ClaimKit> {
  const t = await createTestContext({ LOGIN_RATE_MAX: '1000', API_RATE_MAX: '100000' });
  const [ent, ent2, insurer, gov] = await Promise.all([
    t.login('ent'),
    t.login('ent2'),
    t.login('insurer'),
    t.login('gov'),
  ]);
  const policyId = await issueEnt2Policy(t, { ent2, insurer }, 0, 'PICC-CLAIM-0001');
  await t.database.db
    .updateTable('insPolicy')
    .set({ startDate: new Date(t.clock.now().getTime() - 10 * 86_400_000).toISOString().slice(0, 10) })
    .where('id', '=', policyId)
    .execute();
  let accidents = 0;
  const nextAccident = () =>
    new Date(t.clock.now().getTime() - 5 * HOUR - ++accidents * 60_000).toISOString();
  const report: ClaimKit['report'] = (token, over = {}, key = idem()) =>
    post(
      t,
      '/api/claim/add',
      token,
      {
        policyId,
        reporterName: '钱安全',
        reporterPhone: '13905275678',
        accidentAt: nextAccident(),
        accidentDistrictCode: '321324',
        accidentAddress: '泗洪县青阳镇工地3号楼',
        accidentDesc: '脚手架作业时一名工人坠落受伤',
        deaths: 0,
        injuries: 1,
        ...over,
      },
      key,
    );
  const detail: ClaimKit['detail'] = (token, id) => post(t, `/api/claim/detail?id=${id}`, token);
  const step: ClaimKit['step'] = async (token, id, body) => {
    const d = await detail(token, id);
    return post(t, '/api/claim/step', token, { id, version: d.body.data.version, ...body });
  };
  return { t, tok: { ent, ent2, insurer, gov }, policyId, nextAccident, report, detail, step };
}
