import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { orgIdOf, policyBody, post, profileBody } from './policy.testkit.ts';

/** Idempotency-Key behaviour of security.md R06 (platform/idempotency.ts) through POST /api/policy/add. */
let t: TestContext;
let ent2: string;
let insurerId: number;
let n = 0;
beforeAll(async () => {
  t = await createTestContext({ LOGIN_RATE_MAX: '1000', API_RATE_MAX: '100000' });
  ent2 = await t.login('ent2');
  insurerId = await orgIdOf(t, 'insurer');
  const mine = await post(t, '/api/enterprise/mine', ent2);
  await post(t, '/api/enterprise/saveMine', ent2, { ...profileBody(), version: mine.body.data.version });
});
afterAll(() => t.close());

const body = () => ({ ...policyBody(`2${String(100 + n++).padStart(3, '0')}-01-01`, 25), insurerId });
const keyRow = (key: string) =>
  t.database.db.selectFrom('idempotencyKey').selectAll().where('key', '=', key).executeTakeFirstOrThrow();

describe('Idempotency-Key', () => {
  it('stores the response with the record in one commit and replays it', async () => {
    const b = body();
    const h = { 'idempotency-key': 'idem-test-0001' };
    const a = await post(t, '/api/policy/add', ent2, b, h);
    const row = await keyRow('idem-test-0001');
    expect(row).toMatchObject({ status: 'done', statusCode: 200, route: '/api/policy/add' });
    expect((row.response as { data: { id: number } }).data.id).toBe(a.body.data.id);
    const again = await post(t, '/api/policy/add', ent2, b, { 'idempotency-key': '"idem-test-0001"' });
    expect(again.body.data.id).toBe(a.body.data.id);
  });

  it('keys are per user: another user may use the same key', async () => {
    const ent = await t.login('ent');
    const r = await post(
      t,
      '/api/policy/add',
      ent,
      { ...body(), insurerId },
      { 'idempotency-key': 'idem-test-0001' },
    );
    expect(r.status).not.toBe(422);
  });

  it('a request still in flight answers 409; an abandoned one (older than any request) is taken over', async () => {
    const b = body();
    const h = { 'idempotency-key': 'idem-test-0002' };
    const first = await post(t, '/api/policy/add', ent2, b, h);
    await t.database.db
      .updateTable('idempotencyKey')
      .set({ status: 'pending' })
      .where('key', '=', 'idem-test-0002')
      .execute();
    const inFlight = await post(t, '/api/policy/add', ent2, b, h);
    expect(inFlight.status).toBe(409);
    expect(inFlight.body.result).toContain('正在处理中');
    await t.database.db
      .updateTable('idempotencyKey')
      .set({ createdAt: new Date(t.clock.now().getTime() - 131_000) })
      .where('key', '=', 'idem-test-0002')
      .execute();
    await t.database.db
      .deleteFrom('insPolicy')
      .where('id', '=', first.body.data.id as number)
      .execute();
    const retried = await post(t, '/api/policy/add', ent2, b, h);
    expect(retried.status).toBe(200);
    expect((await keyRow('idem-test-0002')).status).toBe('done');
  });

  it('a failed attempt frees the key; keys expire after 24 hours', async () => {
    const h = { 'idempotency-key': 'idem-test-0003' };
    const bad = await post(t, '/api/policy/add', ent2, { ...body(), preventionFeePct: 30, submit: true }, h);
    expect(bad.status).toBe(400);
    expect(
      await t.database.db
        .selectFrom('idempotencyKey')
        .select('key')
        .where('key', '=', 'idem-test-0003')
        .executeTakeFirst(),
    ).toBeUndefined();
    const b = body();
    const ok = await post(t, '/api/policy/add', ent2, b, h);
    expect(ok.status).toBe(200);
    await t.database.db
      .updateTable('idempotencyKey')
      .set({ createdAt: new Date(t.clock.now().getTime() - 25 * 3600_000) })
      .where('key', '=', 'idem-test-0003')
      .execute();
    const other = await post(t, '/api/policy/add', ent2, body(), h);
    expect(other.status).toBe(200);
    expect(other.body.data.id).not.toBe(ok.body.data.id);
  });
});
