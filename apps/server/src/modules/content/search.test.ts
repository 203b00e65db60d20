import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import * as m0013 from '../../db/migrations/0013_content_search.ts';
import type { DB } from '../../db/schema.ts';
import { snippet } from './search.service.ts';
import {
  keywordTsquery,
  likeAny,
  matchesKeyword,
  searchColumns,
  searchVectorLiteral,
  tokenize,
} from './text-search.ts';

let t: TestContext;
let ent2: string;
let admin: string;
beforeAll(async () => {
  t = await createTestContext({ LOGIN_RATE_MAX: '1000', API_RATE_MAX: '100000' });
  ent2 = await t.login('ent2');
  admin = await t.login('admin');
});
afterAll(() => t.close());

const search = (q: string, token?: string) =>
  t.call({ method: 'GET', url: `/api/public/search?${q}`, ...(token ? { token } : {}) });
const kw = (s: string) => `keyword=${encodeURIComponent(s)}`;

/** Saves and publishes a help article (in the first help class). */
async function saveHelp(title: string, body: string, publishAt?: string) {
  const classes = await t.call({ method: 'POST', url: '/api/manage/articles/getHelpClassList' });
  const classId = classes.json().data[0].id as number;
  const res = await t.call({
    method: 'POST',
    url: '/api/manage/articles/save',
    token: admin,
    payload: {
      kind: 'help',
      classId,
      title,
      body: `<p>${body}</p>`,
      status: 1,
      ...(publishAt ? { publishAt } : {}),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
}

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

  it('names a notice hit by its tab: 政策动态 for policy news, 通知公告 for notices', async () => {
    const save = await t.call({
      method: 'POST',
      url: '/api/manage/articles/save',
      token: admin,
      payload: {
        kind: 'policy',
        title: '宿迁市安责险政策解读甲乙丙',
        body: '<p>政策解读正文</p>',
        status: 1,
      },
    });
    expect(save.statusCode, save.body).toBe(200);
    const hits = (await search(kw('政策解读甲乙丙'))).json().data.list;
    expect(hits).toEqual([expect.objectContaining({ type: 'notice', typeName: '政策动态' })]);
    const notices = (await search(`${kw('安全生产责任保险')}&type=notice&pageSize=50`)).json().data.list as {
      typeName: string;
    }[];
    expect(notices.length).toBeGreaterThan(0);
    expect(notices.every((h) => h.typeName === '通知公告' || h.typeName === '政策动态')).toBe(true);
    expect(notices.some((h) => h.typeName === '通知公告')).toBe(true);
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

  it('a two-character keyword still finds its articles, in the portal and in the management list', async () => {
    const portal = await search(`${kw('理赔')}&type=help`);
    expect(portal.statusCode).toBe(200);
    const found = portal.json().data.list.map((h: { title: string }) => h.title);
    expect(found).toContain('发生事故后如何报案理赔');
    const manage = await t.call({
      method: 'POST',
      url: `/api/manage/articles/getArticleList?kind=help&pageSize=100&keyword=${encodeURIComponent('理赔')}`,
      token: admin,
    });
    expect(manage.statusCode).toBe(200);
    const managed = manage.json().data.list.map((a: { title: string }) => a.title);
    // Every help article is published in the seed, so both paths find the same ones.
    expect([...managed].sort()).toEqual([...found].sort());
    const none = await t.call({
      method: 'POST',
      url: `/api/manage/articles/getArticleList?pageSize=100&keyword=${encodeURIComponent('%')}`,
      token: admin,
    });
    expect(none.json().data.total).toBe(0);
  });

  it('one-character and two-character Chinese keywords find exactly what a substring scan finds', async () => {
    const db = t.database.db;
    for (const k of [
      '理赔',
      '赔',
      '投保',
      '安全生产责任保险',
      'AQ 9010',
      '9010',
      'aq',
      '2026年',
      '第493号',
    ]) {
      const manage = await t.call({
        method: 'POST',
        url: `/api/manage/articles/getArticleList?pageSize=100&keyword=${encodeURIComponent(k)}`,
        token: admin,
      });
      expect(manage.statusCode, k).toBe(200);
      const scan = await db
        .selectFrom('cmsArticle')
        .select('title')
        .where('deletedAt', 'is', null)
        .where('searchText', 'ilike', likeAny(k))
        .execute();
      const found = manage.json().data.list.map((a: { title: string }) => a.title);
      expect([...found].sort(), k).toEqual(scan.map((r) => r.title).sort());
    }
    const one = await search(`${kw('赔')}&type=help`);
    expect(one.json().data.list.map((h: { title: string }) => h.title)).toContain('发生事故后如何报案理赔');
  });

  it('finds ASCII words and numbers, case-insensitively, by word prefix', async () => {
    for (const k of ['AQ 9010-2019', 'aq 9010', '9010', '901']) {
      // The notice is addressed to enterprises in 泗洪县 (ent2).
      const res = await search(`${kw(k)}&type=notice`, ent2);
      expect(
        res.json().data.list.map((h: { title: string }) => h.title),
        k,
      ).toEqual(['关于泗洪县建筑施工企业开展事故预防服务的通知']);
    }
    expect((await search(kw('9011'), ent2)).json().data.total).toBe(0);
    expect((await search(kw('010'), ent2)).json().data.total).toBe(0); // not the start of a word
  });

  it('characters, or character pairs, that appear apart do not match', async () => {
    await saveHelp('夜间巡逻须知', '巡逻结束后检测消防设施，巡检记录另行保存，再检巡一遍。');
    // 巡 and 逻…检 appear apart: the index finds no pair 逻检.
    expect((await search(kw('逻检'))).json().data.total).toBe(0);
    // Both pairs of 巡检巡 (巡检, 检巡) are in the text, but not together: the recheck drops it.
    expect((await search(kw('巡检巡'))).json().data.total).toBe(0);
    expect((await search(kw('巡检记录'))).json().data.total).toBe(1);
    expect((await search(kw('检巡一遍'))).json().data.total).toBe(1);
  });

  it('ranks title hits first, then newest first', async () => {
    const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
    for (const [title, body, at] of [
      ['企业内部培训安排', '防汛演练定于下周开展，防汛演练方案见附件。防汛演练注意事项另行通知。', day(1)],
      ['防汛演练工作指引', '按本指引组织开展。', day(30)],
      ['汛期安全提示', '请各企业提前开展防汛演练。', day(2)],
      ['防汛演练总结', '总结。', day(60)],
    ] as const) {
      await saveHelp(title, body, at);
    }
    const res = await search(`${kw('防汛演练')}&type=help`);
    expect(res.json().data.list.map((h: { title: string }) => h.title)).toEqual([
      '防汛演练工作指引',
      '防汛演练总结',
      '企业内部培训安排',
      '汛期安全提示',
    ]);
    // One character: the three titles holding it (in ts_rank order), then the body-only hit.
    const one = (await search(`${kw('汛')}&type=help`))
      .json()
      .data.list.map((h: { title: string }) => h.title);
    expect(one).toHaveLength(4);
    expect(one.slice(0, 3).sort()).toEqual(['汛期安全提示', '防汛演练工作指引', '防汛演练总结'].sort());
    expect(one[3]).toBe('企业内部培训安排');
  });

  it('a two-character keyword is answered by the search_vec GIN index (bitmap index scan), not a scan', async () => {
    const plans = await t.database.db
      .transaction()
      .execute(async (trx) => {
        // A few thousand rows of other text, so that the planner's own choice (no enable_seqscan) counts.
        const pool = Array.from('安全生产责任保险事故预防服务企业投保承保机构应急管理部门检查隐患排查治理');
        let seed = 7;
        const text = (n: number) =>
          Array.from({ length: n }, () => {
            seed = (seed * 1103515245 + 12345) % 2_147_483_648;
            return pool[seed % pool.length];
          }).join('');
        for (let batch = 0; batch < 8; batch++) {
          await trx
            .insertInto('cmsArticle')
            .values(
              Array.from({ length: 500 }, (_, i) => {
                const title = `${text(12)}${batch * 500 + i}`;
                const body = text(200);
                return {
                  kind: 'news' as const,
                  classId: null,
                  title,
                  body,
                  ...searchColumns(title, [body]),
                  coverFileId: null,
                  attachments: '[]',
                  slug: null,
                  publishAt: null,
                  notifiedAt: null,
                  createdAt: new Date(),
                  updatedAt: new Date(),
                  createdBy: null,
                  updatedBy: null,
                };
              }),
            )
            .execute();
        }
        await sql`ANALYZE cms_article`.execute(trx);
        const explain = async (keyword: string) =>
          (
            await trx
              .selectFrom('cmsArticle as a')
              .select('a.id')
              .where('a.deletedAt', 'is', null)
              .where(matchesKeyword('a', keyword))
              .explain()
          )
            .map((r) => Object.values(r)[0])
            .join('\n');
        const count = async (where: Expression<SqlBool>) =>
          Number(
            (
              await trx
                .selectFrom('cmsArticle as a')
                .select((eb) => eb.fn.countAll<number>().as('c'))
                .where(where)
                .executeTakeFirstOrThrow()
            ).c,
          );
        const result = {
          two: await explain('理赔'),
          one: await explain('赔'),
          found: await count(matchesKeyword('a', '理赔')),
          scanned: await count(sql<SqlBool>`a.search_text ILIKE ${likeAny('理赔')}`),
        };
        throw Object.assign(new Error('rollback'), { result });
      })
      .catch((e: Error & { result?: { two: string; one: string; found: number; scanned: number } }) => {
        if (!e.result) throw e;
        return e.result;
      });
    expect(plans.two).toContain('Bitmap Index Scan on cms_article_search_vec');
    expect(plans.two).not.toContain('Seq Scan');
    expect(plans.one).toContain('Bitmap Index Scan on cms_article_search_vec');
    // The seeded articles that mention 理赔, and none of the generated ones.
    expect(plans.found).toBeGreaterThan(0);
    expect(plans.found).toBe(plans.scanned);
  });
});

describe('migration 0013_content_search', () => {
  it('down restores the trigram indexes; up fills search_vec of existing rows as the writers do', async () => {
    const vectors = (db: Kysely<DB>) =>
      sql<{ t: string; id: number; v: string }>`
        SELECT 'a' AS t, id, search_vec::text AS v FROM cms_article
        UNION ALL SELECT 'r', id, search_vec::text FROM cms_rule
        UNION ALL SELECT 'c', id, search_vec::text FROM cms_consult ORDER BY 1, 2`.execute(db);
    const indexes = (db: Kysely<DB>) =>
      sql<{ n: string }>`SELECT indexname AS n FROM pg_indexes
        WHERE tablename IN ('cms_article', 'cms_rule', 'cms_consult') AND indexname LIKE '%search%'
        ORDER BY 1`.execute(db);
    const before = (await vectors(t.database.db)).rows;
    expect(before.length).toBeGreaterThan(10);
    expect(before.every((r) => r.v.length > 0)).toBe(true);
    const seen = await t.database.db
      .transaction()
      .execute(async (trx) => {
        await m0013.down(trx as unknown as Kysely<unknown>);
        const down = (await indexes(trx)).rows.map((r) => r.n);
        await m0013.up(trx as unknown as Kysely<unknown>);
        const up = (await indexes(trx)).rows.map((r) => r.n);
        throw Object.assign(new Error('rollback'), { seen: { down, up, after: (await vectors(trx)).rows } });
      })
      .catch((e: Error & { seen?: { down: string[]; up: string[]; after: typeof before } }) => {
        if (!e.seen) throw e;
        return e.seen;
      });
    expect(seen.down).toEqual(['cms_article_search_trgm', 'cms_consult_search_trgm', 'cms_rule_search_trgm']);
    expect(seen.up).toEqual(['cms_article_search_vec', 'cms_consult_search_vec', 'cms_rule_search_vec']);
    expect(seen.after).toEqual(before);
  });

  it('keeps its own copy of the tokenizer, and the live one still writes what the migration filled in', () => {
    // Rows filled by 0013 and rows written since must hold the same lexemes for the same text. A change to
    // the live tokenizer fails here: it needs a migration that refills search_vec of existing rows.
    const texts: Array<[string, string[]]> = [
      ['理赔', ['理赔说明']],
      ['安全生产责任保险实施办法（2025年修订）', ['应急〔2025〕27号', '<p>GB11643-1999 第五十一条</p>']],
      ['ＧＢ　１２号 Ｆｕｌｌ-width', ['カタカナ ひらがな 한국어', '']],
      ['x'.repeat(100), [`${'长'.repeat(40)} ${'a1'.repeat(50)}`]],
      ['', ['只有正文', "it's a \\ test"]],
    ];
    for (const [title, rest] of texts) {
      expect(searchVectorLiteral(title, rest), title).toBe(m0013.searchVectorLiteral(title, rest));
    }
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

describe('text-search tokenizer', () => {
  it('CJK: characters and overlapping pairs; Latin/digits: lowercased words split at letter/digit changes', () => {
    expect(tokenize('理赔 GB11643-1999')).toEqual(['理', '理赔', '赔', 'gb', '11643', '1999']);
    expect(tokenize('ＧＢ　１２号')).toEqual(['gb', '12', '号']);
    expect(searchVectorLiteral('理赔', ['理赔说明'])).toBe(
      "'理':1A,4 '理赔':1A,4 '赔':2A,5 '赔说':5 '说':6 '说明':6 '明':7",
    );
  });

  it('keywords: one character, pairs, word prefixes; the leading word is left to the recheck', () => {
    expect(keywordTsquery('赔')).toBe("'赔'");
    expect(keywordTsquery('安全生产')).toBe("'安全' & '全生' & '生产'");
    expect(keywordTsquery('国务院令第493号')).toBe("'国务' & '务院' & '院令' & '令第' & '493' & '号'");
    expect(keywordTsquery('GB 11643')).toBe("'11643':*");
    expect(keywordTsquery('GB')).toBe("'gb':*");
    expect(keywordTsquery("' OR 1=1--")).toBe("'or' & '1'");
    for (const k of ['%', '_', '\\', '——']) expect(keywordTsquery(k), k).toBeNull();
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
