import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { verifyOperLogChain } from '../../platform/log-chain.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const listCall = (token: string) =>
  t.call({ method: 'POST', url: '/api/enterprise/list?pageNo=1&pageSize=5', token });

// Issue 18: audit rows of reads are written before the answer, group-committed, and never lost silently.
describe('audit rows written outside a transaction', () => {
  it('concurrent audited reads are written together, each row before its answer, and the chain holds', async () => {
    const token = await t.login('gov');
    const before = t.app.operLog.writer.stats();
    const maxBefore = Number(
      (
        await t.database.db
          .selectFrom('sysOperLog')
          .select((eb) => eb.fn.max('id').as('m'))
          .executeTakeFirst()
      )?.m ?? 0,
    );
    const answers = await Promise.all(Array.from({ length: 30 }, () => listCall(token)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(30).fill(200));
    const rows = await t.database.db
      .selectFrom('sysOperLog')
      .select(['id', 'requestId', 'module', 'kind', 'outcome'])
      .where('id', '>', maxBefore)
      .where('path', '=', '/api/enterprise/list')
      .execute();
    // One row per answer, there when the answer arrived.
    expect(rows).toHaveLength(30);
    expect(rows.every((r) => r.module === '企业管理' && r.kind === 'query' && r.outcome === 'success')).toBe(
      true,
    );
    expect(new Set(rows.map((r) => r.requestId)).size).toBe(30);
    const after = t.app.operLog.writer.stats();
    expect(after.rows - before.rows).toBe(30);
    // Fewer transactions than rows: rows of requests answered together share one.
    expect(after.batches - before.batches).toBeLessThan(30);
    expect((await verifyOperLogChain(t.database.db, t.app.operLog.key)).ok).toBe(true);
  });

  it('an audited read whose audit row cannot be written answers 503 with Retry-After, not its data', async () => {
    const token = await t.login('gov');
    const writer = t.app.operLog.writer;
    t.app.operLog.writer = {
      stats: writer.stats,
      append: () => Promise.reject(new Error('audit store down')),
    };
    try {
      const res = await listCall(token);
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toMatchObject({
        error: 503,
        result: '服务暂时不可用，请稍后重试',
        code: 'DB_UNAVAILABLE',
      });
      expect(res.json().data).toBeUndefined();
    } finally {
      t.app.operLog.writer = writer;
    }
    expect((await listCall(token)).statusCode).toBe(200);
  });
});
