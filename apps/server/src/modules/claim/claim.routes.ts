import {
  type ClaimRow,
  claimCountsQuery,
  claimCountsView,
  claimDetail,
  claimExportQuery,
  claimListQuery,
  claimReportInput,
  claimRow,
  claimRulesView,
  claimSatisfactionInput,
  claimSaved,
  claimStepInput,
  envelope,
  fileResponse,
  formatChinaTime,
  idEnvelope,
  paged,
  xlsxResponse,
} from '@aqzrx/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { jsonListHolds } from '../../db/sql.ts';
import { ok } from '../../platform/envelope.ts';
import { badRequest } from '../../platform/errors.ts';
import { CANDIDATE_LIMIT, someInScope } from '../../platform/file-scopes.ts';
import { requireAuth } from '../../platform/http.ts';
import { createOnce } from '../../platform/idempotency.ts';
import { EXPORT_ROW_CAP, sendXlsxStream } from '../../platform/xlsx.ts';
import { assertAttachable, idQuery, resolveActor, sendAttachment } from '../enterprise/index.ts';
import {
  claimAttachmentIds,
  claimCounts,
  claimReporterPhone,
  claimStepSurveyorPhone,
  countClaimExport,
  exportClaimRows,
  getClaim,
  listClaims,
} from './claim.repo.ts';
import { rateClaim, recordStep, reportClaim } from './claim.service.ts';

/**
 * Claims (enterprise: claim manage, add, detail; insurer: claims add, edit, detail, claim manage;
 * government: read-only under its insurance supervision screen). Reporting requires an Idempotency-Key.
 */
export function claimsRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { clock, storage, settings } = app.deps;
  const actorOf = async (req: FastifyRequest) => resolveActor(app.db, requireAuth(req));

  // The portal's claim figures come from the stats module (the cockpit's aggregates).

  // Masked numbers a party of the claim may see in full (P04), with the claim detail's scope.
  app.piiReveals.register('claim', 'claim.get', {
    reporterPhone: async (db, auth, id) => claimReporterPhone(db, await resolveActor(db, auth), id),
  });
  app.piiReveals.register('claimStep', 'claim.get', {
    surveyorPhone: async (db, auth, id) => claimStepSurveyorPhone(db, await resolveActor(db, auth), id),
  });

  // A claim's files (report attachments, step attachments, injured persons' proofs) are read
  // (GET /api/file/:id) by whoever may read the claim.
  app.fileScopes.register('claim', async (db, auth, fileId) => {
    const holders = await db
      .selectFrom('insClaim as c')
      .select('c.id')
      .where((eb) =>
        eb.or([
          jsonListHolds('c.attachments', fileId),
          eb.exists(
            eb
              .selectFrom('insClaimStep as s')
              .select('s.claimId')
              .whereRef('s.claimId', '=', 'c.id')
              .where(jsonListHolds('s.attachments', fileId)),
          ),
          eb.exists(
            eb
              .selectFrom('insClaimPerson as cp')
              .select('cp.claimId')
              .whereRef('cp.claimId', '=', 'c.id')
              .where(jsonListHolds('cp.proofs', fileId)),
          ),
        ]),
      )
      .limit(CANDIDATE_LIMIT)
      .execute();
    if (holders.length === 0) return false;
    const actor = await resolveActor(db, auth);
    return someInScope(
      holders.map((h) => h.id),
      (id) => claimAttachmentIds(db, actor, id),
    );
  });

  const list = async (
    req: FastifyRequest<{
      Querystring: z.output<typeof claimListQuery>;
    }>,
  ) => {
    const actor = await actorOf(req);
    const insurance = await settings.get('insurance');
    return ok({
      page: await app.reads.run(req, (db) => listClaims(db, actor, req.query, insurance, clock.now())),
    });
  };
  const detail = async (req: FastifyRequest<{ Querystring: { id: number } }>) =>
    ok(
      await getClaim(app.db, await actorOf(req), req.query.id, await settings.get('insurance'), clock.now()),
    );

  r.post(
    '/api/claim/list',
    {
      schema: {
        tags: ['claim'],
        response: { 200: envelope(z.object({ page: paged(claimRow) })) },
        summary: '理赔案件列表（含逾期报案、超期未付预警）',
        querystring: claimListQuery,
      },
      config: { permission: 'claim.query' },
    },
    list,
  );
  r.post(
    '/api/claim/counts',
    {
      schema: {
        tags: ['claim'],
        response: { 200: envelope(claimCountsView) },
        summary: '理赔案件按状态计数（含逾期报案、超期未付），筛选条件同列表（不含状态和预警）',
        querystring: claimCountsQuery,
      },
      config: { permission: 'claim.query' },
    },
    async (req) =>
      ok(
        await claimCounts(
          app.db,
          await actorOf(req),
          req.query,
          await settings.get('insurance'),
          clock.now(),
        ),
      ),
  );
  r.post(
    '/api/claim/rules',
    {
      schema: {
        tags: ['claim'],
        response: { 200: envelope(claimRulesView) },
        summary: '理赔规则（报案时限小时数、立案后超期未付提醒天数）',
      },
      config: { permission: 'claim.query' },
    },
    async () => {
      const s = await settings.get('insurance');
      return ok({ reportDeadlineHours: s.reportDeadlineHours, claimUnpaidFlagDays: s.claimUnpaidFlagDays });
    },
  );
  r.post(
    '/api/claim/detail',
    {
      schema: {
        tags: ['claim'],
        response: { 200: envelope(claimDetail) },
        summary: '理赔详情（时间线、付款、定损、赔付人员、可办理环节）',
        querystring: idQuery,
      },
      config: { permission: 'claim.get' },
    },
    detail,
  );
  // The regulator reads claims from its insurance supervision screen (GovInsurance, permission policy).
  r.post(
    '/api/govInsurance/claimList',
    {
      schema: {
        tags: ['claim'],
        response: { 200: envelope(z.object({ page: paged(claimRow) })) },
        summary: '监管部门：本辖区理赔案件（只读）',
        querystring: claimListQuery,
      },
      config: { permission: 'policy.query' },
    },
    list,
  );
  r.post(
    '/api/govInsurance/claimDetail',
    {
      schema: {
        tags: ['claim'],
        response: { 200: envelope(claimDetail) },
        summary: '监管部门：理赔详情（只读）',
        querystring: idQuery,
      },
      config: { permission: 'policy.get' },
    },
    detail,
  );

  r.post(
    '/api/claim/add',
    {
      schema: {
        tags: ['claim'],
        response: { 200: idEnvelope },
        summary: '报案（第1步；须带 Idempotency-Key 请求头）',
        body: claimReportInput,
      },
      config: { permission: 'claim.add', audit: { module: '理赔管理', kind: 'add' } },
    },
    async (req, reply) => {
      const auth = requireAuth(req);
      const actor = await resolveActor(app.db, auth);
      await assertAttachable(app.db, auth, req.body.attachments);
      return createOnce(
        app.db,
        req,
        reply,
        { now: clock.now(), required: true },
        (trx) => reportClaim(trx, actor, req.body, clock.now()),
        '报案成功',
      );
    },
  );

  r.post(
    '/api/claim/step',
    {
      schema: {
        tags: ['claim'],
        response: { 200: envelope(claimSaved) },
        summary: '办理理赔环节（2撤案 3立案 4预付/垫付/快付 5查勘 6定损 7赔付 8结案；需提供 version）',
        body: claimStepInput,
      },
      config: { permission: 'claim.edit', audit: { module: '理赔管理', kind: 'edit' } },
    },
    async (req) => {
      const auth = requireAuth(req);
      const actor = await resolveActor(app.db, auth);
      const files = [
        ...req.body.attachments,
        ...(req.body.step === 7 ? req.body.persons.flatMap((p) => p.proofs) : []),
      ];
      await assertAttachable(app.db, auth, files);
      const version = await req.tx((trx) => recordStep(trx, actor, req.body, clock.now()), {
        targetId: req.body.id,
      });
      return ok({ id: req.body.id, version }, '办理成功');
    },
  );

  r.post(
    '/api/claim/satisfaction',
    {
      schema: {
        tags: ['claim'],
        response: { 200: envelope(claimSaved) },
        summary: '评价理赔满意度（结案后，企业，1-5分）',
        body: claimSatisfactionInput,
      },
      config: { permission: 'claim.edit', audit: { module: '理赔满意度', kind: 'edit' } },
    },
    async (req) => {
      const actor = await actorOf(req);
      const version = await req.tx((trx) => rateClaim(trx, actor, req.body, clock.now()), {
        targetId: req.body.id,
      });
      return ok({ id: req.body.id, version }, '感谢您的评价');
    },
  );

  r.get(
    '/api/claim/file',
    {
      schema: {
        tags: ['claim'],
        response: { 200: fileResponse('附件内容（Content-Type 为文件的类型）', '*/*') },
        summary: '下载理赔附件',
        querystring: z
          .object({ id: z.coerce.number().int().positive(), fileId: z.string().max(64) })
          .strict(),
      },
      config: { permission: 'claim.get' },
    },
    async (req, reply) => {
      const ids = await claimAttachmentIds(app.db, await actorOf(req), req.query.id);
      return sendAttachment(app.db, storage, reply, req.query.fileId, ids);
    },
  );

  r.post(
    '/api/claim/export',
    {
      schema: {
        tags: ['claim'],
        response: { 200: xlsxResponse('理赔案件 .xlsx') },
        summary: '导出理赔案件 .xlsx',
        querystring: claimExportQuery,
      },
      config: { permission: 'claim.export', audit: { module: '理赔管理', kind: 'export' } },
    },
    async (req, reply) => {
      const actor = await actorOf(req);
      const insurance = await settings.get('insurance');
      const now = clock.now();
      // Counted first (up to the cap + 1), then streamed page by page: memory stays flat (issue 18).
      const total = await app.reads.run(req, (db) =>
        countClaimExport(db, actor, req.query, insurance, now, EXPORT_ROW_CAP + 1),
      );
      if (total > EXPORT_ROW_CAP)
        throw badRequest(`导出行数超过${EXPORT_ROW_CAP}行，请增加筛选条件后分批导出`);
      req.auditTarget = `${total}行`;
      return sendXlsxStream(reply, '理赔案件.xlsx', [
        {
          name: '理赔案件',
          columns: CLAIM_COLUMNS,
          rows: exportClaimRows(
            (work) => app.reads.run(req, work),
            actor,
            req.query,
            insurance,
            now,
            EXPORT_ROW_CAP,
          ),
        },
      ]);
    },
  );
}

/** Times in China time, YYYY-MM-DD HH:mm (spec 9); money in yuan. */
const CLAIM_COLUMNS = [
  { header: '报案号', width: 22, value: (r: ClaimRow) => r.reportNo },
  { header: '立案号', width: 22, value: (r: ClaimRow) => r.registerNo ?? '' },
  { header: '保单号', width: 22, value: (r: ClaimRow) => r.policyNo ?? '' },
  { header: '企业', width: 30, value: (r: ClaimRow) => r.enterpriseName },
  { header: '所属区县', value: (r: ClaimRow) => r.districtName },
  { header: '出险时间', width: 20, value: (r: ClaimRow) => formatChinaTime(r.accidentAt) },
  { header: '报案时间', width: 20, value: (r: ClaimRow) => formatChinaTime(r.reportedAt) },
  { header: '立案时间', width: 20, value: (r: ClaimRow) => formatChinaTime(r.registeredAt) },
  { header: '当前环节', value: (r: ClaimRow) => r.stepLabel },
  { header: '案件状态', value: (r: ClaimRow) => r.phaseLabel },
  { header: '事故类型', value: (r: ClaimRow) => r.accidentTypeLabel },
  { header: '事故等级', value: (r: ClaimRow) => r.accidentLevelLabel },
  { header: '死亡人数', value: (r: ClaimRow) => r.deaths },
  { header: '受伤人数', value: (r: ClaimRow) => r.injuries },
  { header: '定损金额（元）', value: (r: ClaimRow) => r.assessedTotal },
  { header: '预付金额（元）', value: (r: ClaimRow) => r.advanceTotal },
  { header: '赔付金额（元）', value: (r: ClaimRow) => r.payoutTotal },
  { header: '结案类型', value: (r: ClaimRow) => r.closeTypeLabel },
  { header: '结案时间', width: 20, value: (r: ClaimRow) => formatChinaTime(r.closedAt) },
  { header: '逾期报案', value: (r: ClaimRow) => (r.lateReport ? '是' : '否') },
  { header: '超期未付', value: (r: ClaimRow) => (r.unpaidOverdue ? '是' : '否') },
];
