import {
  apEvalCreateInput,
  apEvalDeleteInput,
  apEvalIndicatorQuery,
  apEvalIndicators,
  apEvalListQuery,
  apEvalRow,
  apEvalUpdateInput,
  chinaDate,
  envelope,
  fileResponse,
  formatChinaTime,
  idQuery,
  paged,
  SATISFACTION_ITEM_OPTIONS,
  type SatisfactionComment,
  type SatisfactionReportRow,
  satisfactionAnswerInput,
  satisfactionComment,
  satisfactionCommentQuery,
  satisfactionPending,
  satisfactionReport,
  satisfactionReportQuery,
  xlsxResponse,
} from '@aqzrx/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Tx } from '../../platform/context.ts';
import { ok } from '../../platform/envelope.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { requireAuth } from '../../platform/http.ts';
import { createOnce } from '../../platform/idempotency.ts';
import { sendXlsxStream, type XlsxColumn } from '../../platform/xlsx.ts';
import { resolveActor, sendAttachment } from '../enterprise/index.ts';
import {
  createEval,
  deleteEval,
  type EvalActor,
  evalIndicators,
  evalInScope,
  getEval,
  listEvals,
  updateEval,
} from './ap-eval.service.ts';
import {
  answerRating,
  pendingRatings,
  ratings,
  satisfactionReport as reportOf,
  satisfactionComments,
  toComments,
} from './satisfaction.service.ts';

const TAGS = ['evaluation'];
const MODULE = '满意度与服务评估';
const CITY_LEVEL = '321300';

async function* once<T>(rows: Promise<T[]>): AsyncIterable<T> {
  for (const r of await rows) yield r;
}

const figureCols = (label: string, pick: (r: SatisfactionReportRow) => SatisfactionReportRow['overall']) => [
  { header: `${label}评价数`, width: 10, value: (r: SatisfactionReportRow) => pick(r).count },
  { header: `${label}平均分`, width: 10, value: (r: SatisfactionReportRow) => pick(r).average ?? '' },
  {
    header: `${label}满意率(%)`,
    width: 12,
    value: (r: SatisfactionReportRow) => pick(r).satisfiedRate ?? '',
  },
];

/** Satisfaction (满意度评价) and the annual service evaluation (服务评估) (evaluation.ts). */
export function evaluationRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { clock, storage } = app.deps;

  const regulator = async (req: FastifyRequest) => {
    const a = await resolveActor(app.db, requireAuth(req));
    if (a.kind !== 'government') throw notFound('没有可查看的满意度数据');
    return a.districts.length === 5 ? [...a.districts, CITY_LEVEL] : a.districts;
  };
  const enterprise = async (req: FastifyRequest) => {
    const a = await resolveActor(app.db, requireAuth(req));
    if (a.kind !== 'enterprise') throw badRequest('只有企业可以评价');
    return a;
  };
  const evalActor = async (req: FastifyRequest): Promise<EvalActor> => {
    const auth = requireAuth(req);
    const a = await resolveActor(app.db, auth);
    const base = { userId: auth.userId, name: auth.nickname || auth.username };
    if (a.kind === 'government') return { kind: 'government', orgId: a.orgId, ...base };
    if (a.kind === 'insurer') return { kind: 'insurer', orgId: a.orgId, ...base };
    return { kind: 'none', ...base };
  };

  r.post(
    '/api/evaluation/pending',
    {
      schema: {
        tags: TAGS,
        summary: '本企业待评价的事项（已出单保单的投保满意度、已确认服务记录的企业配合度）',
        response: { 200: envelope(z.array(satisfactionPending)) },
      },
      config: { permission: 'enterprise.query' },
    },
    async (req) => ok(await pendingRatings(app.db, (await enterprise(req)).orgId)),
  );

  r.post(
    '/api/evaluation/answer',
    {
      schema: {
        tags: TAGS,
        summary: '企业评价投保满意度（保单）或企业配合度（服务记录），每项一次',
        body: satisfactionAnswerInput,
        response: { 200: envelope(z.object({ id: z.number() })) },
      },
      config: { permission: 'enterprise.query', audit: { module: MODULE, kind: 'add' } },
    },
    async (req) => {
      const a = await enterprise(req);
      const id = await req.tx((trx: Tx) => answerRating(trx, a.orgId, a.userId, req.body, clock.now()), {
        targetId: (v: number) => v,
      });
      return ok({ id }, '感谢您的评价');
    },
  );

  r.post(
    '/api/evaluation/report',
    {
      schema: {
        tags: TAGS,
        summary: '满意度评价汇总（按保险机构、服务机构或区县；期间）',
        querystring: satisfactionReportQuery,
        response: { 200: envelope(satisfactionReport) },
      },
      config: { permission: 'evaluation.query' },
    },
    async (req) => ok(await reportOf(app.db, await regulator(req), req.query)),
  );

  r.post(
    '/api/evaluation/comments',
    {
      schema: {
        tags: TAGS,
        summary: '满意度评价明细（评分与意见）',
        querystring: satisfactionCommentQuery,
        response: { 200: envelope(paged(satisfactionComment)) },
      },
      config: { permission: 'evaluation.query' },
    },
    async (req) => ok(await satisfactionComments(app.db, await regulator(req), req.query)),
  );

  r.get(
    '/api/evaluation/export',
    {
      schema: {
        tags: TAGS,
        summary: '导出满意度评价 .xlsx（汇总与明细）',
        querystring: satisfactionReportQuery,
        response: { 200: xlsxResponse('满意度评价工作簿') },
      },
      config: { permission: 'evaluation.query', audit: { module: MODULE, kind: 'export' } },
    },
    async (req, reply) => {
      const districts = await regulator(req);
      const { groupBy: _g, ...filters } = req.query;
      const summary: XlsxColumn<SatisfactionReportRow>[] = [
        { header: '名称', width: 30, value: (x) => x.name },
        ...figureCols('投保满意度', (x) => x.items.policy),
        ...figureCols('理赔满意度', (x) => x.items.claim),
        ...figureCols('企业配合度', (x) => x.items.record),
        ...figureCols('被服务单位配合度', (x) => x.items.followUp),
        ...figureCols('综合', (x) => x.overall),
      ];
      const detail: XlsxColumn<SatisfactionComment>[] = [
        { header: '评价项目', width: 16, value: (x) => x.itemLabel },
        { header: '评分', width: 8, value: (x) => x.score },
        { header: '评价', width: 12, value: (x) => x.scoreLabel },
        { header: '意见', width: 40, value: (x) => x.comment },
        { header: '企业', width: 28, value: (x) => x.enterpriseName },
        { header: '保险机构', width: 28, value: (x) => x.insurerName },
        { header: '服务机构', width: 28, value: (x) => x.serviceOrgName },
        { header: '业务', width: 30, value: (x) => x.source },
        { header: '评价时间', width: 18, value: (x) => formatChinaTime(x.ratedAt) },
      ];
      const rep = reportOf(app.db, districts, req.query).then((x) => [...x.rows, x.totals]);
      const rows = ratings(app.db, districts, filters).then((rs) => toComments(app.db, rs));
      return sendXlsxStream(reply, '满意度评价.xlsx', [
        { name: `汇总（${SATISFACTION_ITEM_OPTIONS.values.length}项）`, columns: summary, rows: once(rep) },
        { name: '评价明细', columns: detail, rows: once(rows) },
      ]);
    },
  );

  // --------------------------------------------------------------------------------- 服务评估
  r.post(
    '/api/apEval/list',
    {
      schema: {
        tags: TAGS,
        summary: '服务评估列表（监管：全部；保险机构：本机构的评估结果）',
        querystring: apEvalListQuery,
        response: { 200: envelope(paged(apEvalRow)) },
      },
      config: { permission: 'ap.query' },
    },
    async (req) => ok(await listEvals(app.db, await evalActor(req), req.query)),
  );

  r.post(
    '/api/apEval/detail',
    {
      schema: {
        tags: TAGS,
        summary: '服务评估详情',
        querystring: idQuery,
        response: { 200: envelope(apEvalRow) },
      },
      config: { permission: 'ap.get' },
    },
    async (req) => ok(await getEval(app.db, await evalActor(req), req.query.id)),
  );

  r.post(
    '/api/apEval/add',
    {
      schema: {
        tags: TAGS,
        summary: '登记保险机构事故预防服务年度评估（监管部门；可带 Idempotency-Key）',
        body: apEvalCreateInput,
        response: { 200: envelope(z.object({ id: z.number() })) },
      },
      config: { permission: 'ap.edit', audit: { module: MODULE, kind: 'add' } },
    },
    async (req, reply) => {
      const auth = requireAuth(req);
      const actor = await evalActor(req);
      const res = await createOnce(
        app.db,
        req,
        reply,
        { now: clock.now(), required: false },
        (trx) => createEval(trx, auth, actor, req.body, clock.now()),
        '服务评估已登记',
      );
      return res as ReturnType<typeof ok<{ id: number }>>;
    },
  );

  r.post(
    '/api/apEval/save',
    {
      schema: {
        tags: TAGS,
        summary: '修改服务评估（登记的监管部门；需提供 version）',
        body: apEvalUpdateInput,
        response: { 200: envelope(z.object({ id: z.number(), version: z.number() })) },
      },
      config: { permission: 'ap.edit', audit: { module: MODULE, kind: 'edit' } },
    },
    async (req) => {
      const auth = requireAuth(req);
      const actor = await evalActor(req);
      const version = await req.tx((trx: Tx) => updateEval(trx, auth, actor, req.body, clock.now()), {
        targetId: req.body.id,
      });
      return ok({ id: req.body.id, version }, '保存成功');
    },
  );

  r.post(
    '/api/apEval/delete',
    {
      schema: {
        tags: TAGS,
        summary: '删除服务评估（登记的监管部门；需提供 version）',
        body: apEvalDeleteInput,
        response: { 200: envelope(z.object({ id: z.number() })) },
      },
      config: { permission: 'ap.edit', audit: { module: MODULE, kind: 'delete' } },
    },
    async (req) => {
      const actor = await evalActor(req);
      await req.tx((trx: Tx) => deleteEval(trx, actor, req.body, clock.now()), { targetId: req.body.id });
      return ok({ id: req.body.id }, '已删除');
    },
  );

  r.post(
    '/api/apEval/indicators',
    {
      schema: {
        tags: TAGS,
        summary: '保险机构年度服务指标（平台数据：服务完成、费用使用、隐患按期整改、投诉、满意度）',
        querystring: apEvalIndicatorQuery,
        response: { 200: envelope(apEvalIndicators) },
      },
      config: { permission: 'ap.query' },
    },
    async (req) =>
      ok(
        await evalIndicators(
          app.db,
          await evalActor(req),
          req.query.insurerId,
          req.query.year,
          chinaDate(clock.now()),
        ),
      ),
  );

  r.post(
    '/api/apEval/insurers',
    {
      schema: {
        tags: TAGS,
        summary: '可评估的保险机构',
        response: { 200: envelope(z.array(z.object({ orgId: z.number(), name: z.string() }))) },
      },
      config: { permission: 'ap.query' },
    },
    async (req) => {
      const a = await evalActor(req);
      if (a.kind !== 'government') throw notFound('没有可评估的保险机构');
      const rows = await app.db
        .selectFrom('sysOrg')
        .select(['id as orgId', 'name'])
        .where('orgType', '=', 'insurer')
        .where('deletedAt', 'is', null)
        .orderBy('name')
        .execute();
      return ok(rows);
    },
  );

  r.get(
    '/api/apEval/file',
    {
      schema: {
        tags: TAGS,
        summary: '评估报告文件',
        querystring: z
          .object({
            id: z.coerce.number<number>().int().positive(),
            fileId: z.string().uuid('文件编号格式不正确'),
          })
          .strict(),
        response: { 200: fileResponse('评估报告（Content-Type 为文件的类型）', '*/*') },
      },
      config: { permission: 'ap.get' },
    },
    async (req, reply) => {
      const row = await evalInScope(app.db, await evalActor(req), req.query.id);
      return sendAttachment(app.db, storage, reply, req.query.fileId, row.reports);
    },
  );
}
