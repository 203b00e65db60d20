import {
  envelope,
  fileResponse,
  governancePlanInput,
  handleInput,
  hazardDetail as hazardDetailSchema,
  hazardItem,
  hazardQuery,
  hazardStatsQuery,
  hazardStats as hazardStatsSchema,
  idQuery,
  insurerCheckInput,
  paged,
  rectifyInput,
  reviewInput,
  selfCheckInput,
} from '@aqzrx/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { jsonListHolds } from '../../db/sql.ts';
import type { Tx } from '../../platform/context.ts';
import { ok } from '../../platform/envelope.ts';
import { CANDIDATE_LIMIT, someInScope } from '../../platform/file-scopes.ts';
import { requireAuth } from '../../platform/http.ts';
import { createOnce } from '../../platform/idempotency.ts';
import { assertAttachable, sendAttachment } from '../enterprise/index.ts';
import { hazardDetail, hazardFileIds, listHazards } from './hazard.repo.ts';
import {
  assertMayAct,
  handle,
  rectify,
  registerInsurerCheck,
  registerSelfCheck,
  review,
  saveGovernancePlan,
} from './hazard.service.ts';
import { hazardStats } from './risk.repo.ts';
import { type HzActor, hzActor } from './scope.ts';

export const MODULE = '隐患排查治理';
const TAGS = ['hazard'];
const idVersion = envelope(z.object({ id: z.number(), version: z.number() }));
type StepAction = Parameters<typeof assertMayAct>[3];

/** Hazards: lists, detail, registration, the rectification machine, governance plans, regulator handling. */
export function hazardRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { clock, storage } = app.deps;
  const actorOf = (req: FastifyRequest) => hzActor(app.db, requireAuth(req));

  // A hazard's photos and files (its own, its rectifications' and reviews', its governance plan's, the
  // regulators' handlings') are read (GET /api/file/:id) by whoever may read the hazard.
  app.fileScopes.register('hazard', async (db, auth, fileId) => {
    const holders = await db
      .selectFrom('apHazard as h')
      .select('h.id')
      .where((eb) =>
        eb.or([
          jsonListHolds('h.photos', fileId),
          sql<boolean>`coalesce(h.governance_plan -> 'files', '[]'::jsonb) @> ${JSON.stringify([fileId])}::jsonb`,
          eb.exists(
            eb
              .selectFrom('apHazardRectification as x')
              .select('x.id')
              .whereRef('x.hazardId', '=', 'h.id')
              .where((w) =>
                w.or([jsonListHolds('x.photos', fileId), jsonListHolds('x.reviewPhotos', fileId)]),
              ),
          ),
          eb.exists(
            eb
              .selectFrom('apHazardHandling as d')
              .select('d.id')
              .whereRef('d.hazardId', '=', 'h.id')
              .where(jsonListHolds('d.files', fileId)),
          ),
        ]),
      )
      .limit(CANDIDATE_LIMIT)
      .execute();
    if (holders.length === 0) return false;
    const actor = await hzActor(db, auth);
    return someInScope(
      holders.map((h) => h.id),
      (id) => hazardFileIds(db, actor, id, clock.now()),
    );
  });

  r.post(
    '/api/hazard/list',
    {
      schema: {
        tags: TAGS,
        summary:
          '隐患列表（企业：本企业；服务机构/专家：本机构发现的；保险机构：承保企业的及本机构排查的；监管：辖区）；逾期为派生状态',
        querystring: hazardQuery,
        response: { 200: envelope(paged(hazardItem)) },
      },
      config: { permission: 'risk.query' },
    },
    async (req) => ok(await listHazards(app.db, await actorOf(req), req.query, clock.now())),
  );

  r.post(
    '/api/hazard/dispose-list',
    {
      schema: {
        tags: TAGS,
        summary: '需监管处置的隐患（重大、逾期、驳回2次及以上，且未处置完毕；监管部门辖区）',
        querystring: hazardQuery,
        response: { 200: envelope(paged(hazardItem)) },
      },
      config: { permission: 'risk.query' },
    },
    async (req) => {
      const a = await actorOf(req);
      if (a.kind !== 'government')
        return ok({ list: [], total: 0, pageNum: req.query.pageNo, pageSize: req.query.pageSize });
      return ok(await listHazards(app.db, a, req.query, clock.now(), true));
    },
  );

  r.post(
    '/api/hazard/detail',
    {
      schema: {
        tags: TAGS,
        summary: '隐患详情（整改记录、治理方案、监管处置、时间线及当前可执行的操作）',
        querystring: idQuery,
        response: { 200: envelope(hazardDetailSchema) },
      },
      config: { permission: 'risk.get' },
    },
    async (req) => ok(await hazardDetail(app.db, await actorOf(req), req.query.id, clock.now())),
  );

  r.get(
    '/api/hazard/stats',
    {
      schema: {
        tags: TAGS,
        summary: '隐患统计（规范第4节编码：-1不涉及；0一般/1重大 × 0未整改/1已整改）',
        querystring: hazardStatsQuery,
        response: { 200: envelope(hazardStatsSchema) },
      },
      config: { permission: 'risk.query' },
    },
    async (req) => ok(await hazardStats(app.db, await actorOf(req), req.query, clock.now())),
  );

  r.get(
    '/api/hazard/file',
    {
      schema: {
        tags: TAGS,
        summary: '下载隐患的照片或附件（可查看该隐患者）',
        querystring: z
          .object({ hazardId: z.coerce.number().int().positive(), fileId: z.string().max(64) })
          .strict(),
        response: { 200: fileResponse('照片或文件（Content-Type 为文件的类型）', '*/*') },
      },
      config: { permission: 'risk.get' },
    },
    async (req, reply) => {
      const ids = await hazardFileIds(app.db, await actorOf(req), req.query.hazardId, clock.now());
      return sendAttachment(app.db, storage, reply, req.query.fileId, ids);
    },
  );

  r.post(
    '/api/hazard/self-check',
    {
      schema: {
        tags: TAGS,
        summary: '企业自查登记隐患（可带 Idempotency-Key 防重复提交；重大隐患即时报告属地监管部门）',
        body: selfCheckInput,
        response: { 200: envelope(z.object({ id: z.number() })) },
      },
      config: { permission: 'risk.add', audit: { module: MODULE, kind: 'add' } },
    },
    async (req, reply) => {
      const auth = requireAuth(req);
      const actor = await actorOf(req);
      await assertAttachable(app.db, auth, req.body.photos);
      const res = await createOnce(
        app.db,
        req,
        reply,
        { now: clock.now(), required: false },
        (trx) => registerSelfCheck(trx, actor, req.body, clock.now()),
        '隐患已登记',
      );
      return res as ReturnType<typeof ok<{ id: number }>>;
    },
  );

  r.post(
    '/api/hazard/insurer-check',
    {
      schema: {
        tags: TAGS,
        summary: '保险机构排查登记隐患（承保中的企业；重大隐患即时报告属地监管部门）',
        body: insurerCheckInput,
        response: { 200: envelope(z.object({ id: z.number() })) },
      },
      config: { permission: 'risk.add', audit: { module: MODULE, kind: 'add' } },
    },
    async (req, reply) => {
      const auth = requireAuth(req);
      const actor = await actorOf(req);
      await assertAttachable(app.db, auth, req.body.photos);
      const res = await createOnce(
        app.db,
        req,
        reply,
        { now: clock.now(), required: false },
        (trx) => registerInsurerCheck(trx, actor, req.body, clock.now()),
        '隐患已登记，已通知企业整改',
      );
      return res as ReturnType<typeof ok<{ id: number }>>;
    },
  );

  /**
   * One step of the rectification machine (rectify, review, governance plan, regulator handling): the
   * caller may take it now (404 outside scope, 400 not allowed), its files are the caller's to attach, and
   * the change with its operation-log row is one transaction.
   */
  function step<S extends z.ZodType<{ id: number }>>(
    path: string,
    summary: string,
    body: S,
    action: StepAction,
    filesOf: (b: z.output<S>) => readonly string[],
    run: (trx: Tx, actor: HzActor, b: z.output<S>, now: Date) => Promise<number>,
    message: (b: z.output<S>) => string,
  ) {
    r.post(
      path,
      {
        schema: { tags: TAGS, summary, body, response: { 200: idVersion } },
        config: { permission: 'risk.edit', audit: { module: MODULE, kind: 'edit' } },
      },
      async (req) => {
        const b = req.body as z.output<S>;
        const auth = requireAuth(req);
        const actor = await actorOf(req);
        await assertMayAct(app.db, actor, b.id, action, clock.now());
        await assertAttachable(app.db, auth, filesOf(b));
        const version = await req.tx((trx) => run(trx, actor, b, clock.now()), { targetId: b.id });
        return ok({ id: b.id, version }, message(b));
      },
    );
  }

  step(
    '/api/hazard/rectify',
    '企业提交整改（待整改或已驳回 → 待审核；驳回后再提交计为返工）',
    rectifyInput,
    'rectify',
    (b) => b.photos,
    rectify,
    () => '整改情况已提交，等待复查',
  );
  step(
    '/api/hazard/review',
    '复查/验收整改（发现隐患的服务机构、专家或保险机构；企业自查由验收岗位）：通过或驳回',
    reviewInput,
    'review',
    (b) => b.photos,
    review,
    (b) => (b.result === 'pass' ? '复查通过，整改完成' : '已驳回，企业需重新整改'),
  );
  step(
    '/api/hazard/governance-plan',
    '企业制定重大隐患治理方案（目标任务、方法措施、经费物资、机构人员、时限要求、安全措施、应急预案）',
    governancePlanInput,
    'governancePlan',
    (b) => b.files,
    saveGovernancePlan,
    () => '治理方案已保存，已报送属地监管部门',
  );
  step(
    '/api/hazard/handle',
    '监管部门处置隐患（督促整改、现场检查、行政处罚并填写金额、处置完毕）',
    handleInput,
    'handle',
    (b) => b.files,
    handle,
    () => '处置已登记',
  );
}
