import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { snippet } from './search.service.ts';

let t: TestContext;
let ent2: string;
beforeAll(async () => {
  t = await createTestContext({ LOGIN_RATE_MAX: '1000', API_RATE_MAX: '100000' });
  ent2 = await t.login('ent2');
});
afterAll(() => t.close());

const search = (q: string, token?: string) =>
  t.call({ method: 'GET', url: `/api/public/search?${q}`, ...(token ? { token } : {}) });
const kw = (s: string) => `keyword=${encodeURIComponent(s)}`;

describe('/api/public/search', () => {
  it('finds Chinese text across notices, help, rules and public Q&A, title matches first', async () => {
    const res = await search(`${kw('安全生产责任保险')}&pageSize=50`);
    expect(res.statusCode).toBe(200);
    const types = new Set(res.json().data.list.map((h: { type: string }) => h.type));
    expect([...types].sort()).toEqual(['help', 'notice', 'qa', 'rule']);
    const first = res.json().data.list[0];
    expect(first.title).toContain('安全生产责任保险');
    expect(res.json().data).toMatchObject({ pageNum: 1, pageSize: 50 });
    expect(res.json().data.total).toBe(res.json().data.list.length);

    const qa = await search(kw('批改'));
    expect(qa.json().data.list).toEqual([
      expect.objectContaining({ type: 'qa', typeName: '问答', title: '员工人数变化后保单需要批改吗？' }),
    ]);
    expect(qa.json().data.list[0].snippet).toContain('批改');
  });

  it('finds words in bodies, filters by type and pages', async () => {
    const body = await search(kw('国务院令第493号'));
    expect(body.json().data.list.map((h: { title: string }) => h.title)).toEqual([
      '生产安全事故报告和调查处理条例',
    ]);
    const rules = await search(`${kw('安全生产')}&type=rule&pageSize=2`);
    expect(rules.json().data.list).toHaveLength(2);
    expect(rules.json().data.total).toBeGreaterThan(2);
    expect(rules.json().data.list.every((h: { type: string }) => h.type === 'rule')).toBe(true);
    const page2 = await search(`${kw('安全生产')}&type=rule&pageSize=2&pageNo=2`);
    expect(page2.json().data.pageNum).toBe(2);
    expect(page2.json().data.list[0].id).not.toBe(rules.json().data.list[0].id);
  });

  it('drafts, unpublished Q&A and notices targeted at others are not found; the audience finds theirs', async () => {
    expect((await search(kw('专项检查'))).json().data.total).toBe(0); // a draft notice
    expect((await search(kw('服务费用'))).json().data.total).toBe(0); // a consultation not made public
    expect((await search(kw('泗洪县建筑施工'))).json().data.total).toBe(0);
    expect((await search(kw('泗洪县建筑施工'), ent2)).json().data.total).toBe(1);
  });

  it('treats LIKE wildcards and SQL as text, and asks for a keyword', async () => {
    for (const k of ['%', '_', "' OR 1=1--", '\\']) {
      const res = await search(kw(k));
      expect(res.statusCode, k).toBe(200);
      expect(res.json().data.total, k).toBe(0);
    }
    const none = await search('keyword=');
    expect(none.statusCode).toBe(400);
    expect(none.json().result).toContain('keyword');
    expect((await search(`${kw('x')}&type=blog`)).statusCode).toBe(400);
  });

  it('the matching uses the trigram indexes, not a sequential scan', async () => {
    await sql`ANALYZE cms_article`.execute(t.database.db);
    await sql`ANALYZE cms_rule`.execute(t.database.db);
    const plan = await t.database.db.connection().execute(async (db) => {
      await sql`SET enable_seqscan = off`.execute(db);
      try {
        const rows = await sql<{ 'QUERY PLAN': string }>`
          EXPLAIN SELECT id FROM cms_rule WHERE search_text ILIKE ${'%安全生产责任保险%'}`.execute(db);
        const rows2 = await sql<{ 'QUERY PLAN': string }>`
          EXPLAIN SELECT id FROM cms_article WHERE search_text ILIKE ${'%事故预防%'}`.execute(db);
        return [...rows.rows, ...rows2.rows].map((r) => Object.values(r)[0]).join('\n');
      } finally {
        await sql`RESET enable_seqscan`.execute(db);
      }
    });
    expect(plan).toContain('cms_rule_search_trgm');
    expect(plan).toContain('cms_article_search_trgm');
  });
});

describe('OpenAPI', () => {
  it('documents the content calls from their zod schemas', async () => {
    const res = await t.call({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of [
      '/api/manage/articles/save',
      '/api/manage/articles/getPortalBannerList',
      '/api/manage/articles/saveConsult',
      '/api/public/search',
      '/api/public/rule/list',
      '/api/message/read',
      '/api/consult/answer',
    ]) {
      expect(paths, p).toContain(p);
    }
  });
});

describe('snippet', () => {
  it('cuts about 90 characters around the first match', () => {
    const text = `${'甲'.repeat(100)}关键词${'乙'.repeat(100)}`;
    const s = snippet(text, '关键词');
    expect(s.startsWith('…')).toBe(true);
    expect(s.endsWith('…')).toBe(true);
    expect(s).toContain('关键词');
    expect(snippet('短文本', '无')).toBe('短文本');
  });
});
