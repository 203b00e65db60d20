import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

// security.md L02: who, where, what, result, masked parameters, duration and request id on every audit row.
describe('an audit row (L02)', () => {
  it('carries who, ip, path, result, duration and the request id, with mobiles and ID numbers masked wherever they are', async () => {
    const token = await t.login('ent');
    const classes = (await t.call({ method: 'POST', url: '/api/manage/articles/getConsultClassList' })).json()
      .data as Array<{ id: number; name: string }>;
    const res = await t.call({
      method: 'POST',
      url: '/api/manage/articles/saveConsult',
      token,
      remoteAddress: '10.20.30.40',
      payload: {
        classId: classes[0]!.id,
        title: '请回电13912345678',
        content: '联系人张三，电话 13912345678，身份证号 32010219900101123X，想问理赔材料。',
      },
    });
    expect(res.statusCode).toBe(200);
    const id = res.json().data.id as number;
    const row = await t.database.db
      .selectFrom('sysOperLog')
      .selectAll()
      .where('path', '=', '/api/manage/articles/saveConsult')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      username: 'ent',
      roleKey: 'ROLE_ENT',
      module: '咨询',
      kind: 'add',
      method: 'POST',
      outcome: 'success',
      targetId: String(id),
      ip: '10.20.30.40',
    });
    expect(row.orgName).not.toBe('');
    expect(row.durationMs).toBeGreaterThanOrEqual(0);
    expect(row.requestId).toMatch(/\S{8,}/);
    // The text is kept, the numbers are not.
    expect(row.params).toContain('想问理赔材料');
    expect(row.params).not.toContain('13912345678');
    expect(row.params).not.toContain('32010219900101123X');
    expect(row.params).toContain('139****5678');
    expect(row.params).toContain('320102********123X');
  });
});
