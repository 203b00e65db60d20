import { afterAll, beforeAll } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { idem, type Json, makeUser, orgIdOf, post, secondInsurerId } from '../policy/policy.testkit.ts';

/** Complaint API tests: one database, the demo accounts and a user of a second insurer, a settable clock. */
export const USERS = [
  'ent',
  'ent2',
  'insurer',
  'insurer2',
  'gov',
  'gov_other',
  'service',
  'expert',
  'admin',
] as const;
export type User = (typeof USERS)[number];

export interface ComplaintKit {
  t: TestContext;
  tok: Record<User, string>;
  org: Record<'ent' | 'ent2' | 'insurer' | 'insurer2' | 'service' | 'expert', number>;
  entDistrict: string;
}

export function useComplaintKit(): ComplaintKit {
  const kit = { tok: {}, org: {} } as ComplaintKit;
  beforeAll(async () => {
    kit.t = await createTestContext({ LOGIN_RATE_MAX: '1000', API_RATE_MAX: '100000' });
    const insurer2 = await secondInsurerId(kit.t);
    await makeUser(kit.t, 'insurer', 'insurer2', { orgId: insurer2 });
    for (const u of ['ent', 'ent2', 'insurer', 'service', 'expert'] as const)
      kit.org[u] = await orgIdOf(kit.t, u);
    kit.org.insurer2 = insurer2;
    const ent = await kit.t.database.db
      .selectFrom('sysOrg')
      .select('districtCode')
      .where('id', '=', kit.org.ent)
      .executeTakeFirstOrThrow();
    kit.entDistrict = ent.districtCode ?? '';
    // A regulator of another district than ent's: ent's complaints are out of its scope.
    const other = ['321302', '321311', '321322', '321323', '321324'].find((d) => d !== kit.entDistrict)!;
    await makeUser(kit.t, 'gov_sy', 'gov_other', { districtCodes: other });
    await at(kit, '2026-09-28 10:00');
  });
  afterAll(() => kit.t.close());
  return kit;
}

/** Sets the clock to a China time and signs everyone in again (sessions follow the clock). */
export async function at(kit: ComplaintKit, chinaTime: string | Date): Promise<void> {
  kit.t.clock.set(
    typeof chinaTime === 'string' ? new Date(`${chinaTime.replace(' ', 'T')}:00+08:00`) : chinaTime,
  );
  await kit.t.database.db
    .updateTable('sysUser')
    .set({ passwordChangedAt: kit.t.clock.now() })
    .where('username', 'in', [...USERS])
    .execute();
  for (const u of USERS) kit.tok[u] = await kit.t.login(u);
}

export function fileBody(overrides: Json = {}): Json {
  return {
    targetKind: 'insurer',
    category: '02',
    title: '理赔拖延',
    content: '报案后三十天仍未核定损失，多次电话联系无人答复。',
    demand: '尽快核定并赔付',
    contactName: '王经理',
    contactPhone: '13805271234',
    ...overrides,
  };
}

export async function file(kit: ComplaintKit, user: User, body: Json): Promise<number> {
  const res = await post(kit.t, '/api/complaint/add', kit.tok[user], body, idem());
  if (res.status !== 200) throw new Error(`file as ${user}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id as number;
}

export async function detail(kit: ComplaintKit, user: User, id: number) {
  return post(kit.t, `/api/complaint/detail?id=${id}`, kit.tok[user]);
}

/** Runs a step with the complaint's current version (read as `user`). */
export async function act(kit: ComplaintKit, user: User, path: string, id: number, body: Json = {}) {
  const d = await detail(kit, user, id);
  const version = (d.body.data?.version as number | undefined) ?? 1;
  return post(kit.t, `/api/complaint/${path}`, kit.tok[user], { id, version, ...body });
}

export { idem, post };
