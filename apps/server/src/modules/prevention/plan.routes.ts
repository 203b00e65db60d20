import {
  envelope,
  fileResponse,
  followUpInput,
  hazardListQuery,
  hazardRow,
  idQuery,
  paged,
  planCreateInput,
  planDetail,
  planExpertOption,
  planExpertOptionsQuery,
  planExportQuery,
  planListQuery,
  planRow,
  planUpdateInput,
  recordConfirmInput,
  recordInput,
  visitConfirmInput,
  xlsxResponse,
} from '@aqzrx/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/envelope.ts';
import { requireAuth } from '../../platform/http.ts';
import { createOnce } from '../../platform/idempotency.ts';
import { sendXlsxStream } from '../../platform/xlsx.ts';
import { assertAttachable, sendAttachment } from '../enterprise/index.ts';
import { planExpertOptions } from '../pool/index.ts';
import { planExportSheets } from './export.ts';
import {
  getPlan,
  listHazards,
  listPlans,
  planExpertPhone,
  recordExpertPhone,
  recordFileIds,
} from './plan.repo.ts';
import { confirmVisit, createPlan, updatePlan, writableProject } from './plan.service.ts';
import { MODULE } from './project.routes.ts';
import { confirmRecord, followUp, saveRecord } from './record.service.ts';
import { prevActor } from './scope.ts';

const TAGS = ['prevention'];
const idVersion = envelope(z.object({ id: z.number(), version: z.number() }));

/** Service plans, their records, hazards, follow-ups and files. */
export function planRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { clock, storage } = app.deps;
  const actorOf = (req: FastifyRequest) => prevActor(app.db, requireAuth(req));

  // The experts' numbers a party of the plan may see in full (P04), with the plan detail's scope.
  app.piiReveals.register('plan', 'ap.get', {
    expertPhone: async (db, auth, id, index) => planExpertPhone(db, await prevActor(db, auth), id, index),
    recordExpertPhone: async (db, auth, id, index) =>
      recordExpertPhone(db, await prevActor(db, auth), id, index),
  });
  r.post(
    '/api/prevention/plan/list',
    {
      schema: {
        tags: TAGS,
        summary:
          '服务计划/服务记录列表（保险机构：本机构项目；服务机构/专家：分派给本机构的；企业：本企业；监管：辖区）',
        querystring: planListQuery,
        response: { 200: envelope(paged(planRow)) },
      },
      config: { permission: 'ap.query' },
    },
    async (req) => ok(await listPlans(app.db, await actorOf(req), req.query)),
  );

  r.get(
    '/api/prevention/plan/export',
    {
      schema: {
        tags: TAGS,
        summary: '导出服务记录 .xlsx（筛选条件同列表）',
        querystring: planExportQuery,
        response: { 200: xlsxResponse('服务记录工作簿') },
      },
      config: { permission: 'ap.export', audit: { module: MODULE, kind: 'export' } },
    },
    async (req, reply) =>
      sendXlsxStream(reply, '事故预防服务记录.xlsx', planExportSheets(app.db, await actorOf(req), req.query)),
  );

  r.post(
    '/api/prevention/plan/expertOptions',
    {
      schema: {
        tags: TAGS,
        summary: '制定服务计划时可选的专家（本项目机构的专家及专家库中正常状态的专家；手机号脱敏）',
        querystring: planExpertOptionsQuery,
        response: { 200: envelope(z.array(planExpertOption)) },
      },
      config: { permission: 'ap.add' },
    },
    async (req) => {
      const actor = await actorOf(req);
      const j = await writableProject(app.db, actor, req.query.projectId);
      return ok(
        await planExpertOptions(
          app.db,
          j.orgs.map((o) => o.orgId),
          req.query.name,
        ),
      );
    },
  );

  r.post(
    '/api/prevention/plan/detail',
    {
      schema: {
        tags: TAGS,
        summary: '服务计划详情（服务记录、隐患、回访及当前可执行的操作）',
        querystring: idQuery,
        response: { 200: envelope(planDetail) },
      },
      config: { permission: 'ap.get' },
    },
    async (req) => ok(await getPlan(app.db, await actorOf(req), req.query.id)),
  );

  r.post(
    '/api/prevention/plan/add',
    {
      schema: {
        tags: TAGS,
        summary:
          '制定服务计划（保险机构或项目的服务机构/专家；通知企业确认服务项目和时间；可带 Idempotency-Key）',
        body: planCreateInput,
        response: { 200: envelope(z.object({ id: z.number() })) },
      },
      config: { permission: 'ap.add', audit: { module: MODULE, kind: 'add' } },
    },
    async (req, reply) => {
      const actor = await actorOf(req);
      const res = await createOnce(
        app.db,
        req,
        reply,
        { now: clock.now(), required: false },
        (trx) => createPlan(trx, actor, req.body, clock.now()),
        '服务计划已制定，已通知企业确认服务时间',
      );
      return res as ReturnType<typeof ok<{ id: number }>>;
    },
  );

  r.post(
    '/api/prevention/plan/save',
    {
      schema: {
        tags: TAGS,
        summary: '修改服务计划（服务记录提交前；服务时间变更须企业重新确认；需提供 version）',
        body: planUpdateInput,
        response: { 200: idVersion },
      },
      config: { permission: 'ap.edit', audit: { module: MODULE, kind: 'edit' } },
    },
    async (req) => {
      const actor = await actorOf(req);
      const version = await req.tx((trx) => updatePlan(trx, actor, req.body, clock.now()), {
        targetId: req.body.id,
      });
      return ok({ id: req.body.id, version }, '保存成功');
    },
  );

  r.post(
    '/api/prevention/plan/confirmVisit',
    {
      schema: {
        tags: TAGS,
        summary: '企业确认服务项目和时间（AQ 9010：服务前确认）',
        body: visitConfirmInput,
        response: { 200: idVersion },
      },
      config: { permission: 'ap.edit', audit: { module: MODULE, kind: 'edit' } },
    },
    async (req) => {
      const actor = await actorOf(req);
      const version = await req.tx((trx) => confirmVisit(trx, actor, req.body, clock.now()), {
        targetId: req.body.id,
      });
      return ok({ id: req.body.id, version }, '已确认服务项目和时间');
    },
  );

  for (const submit of [false, true]) {
    r.post(
      submit ? '/api/prevention/record/submit' : '/api/prevention/record/save',
      {
        schema: {
          tags: TAGS,
          summary: submit
            ? '提交服务记录（须有服务情况说明、至少一张照片或一个文件，01-05类须有服务专家；提交后只读，支出计入费用台账）'
            : '暂存服务记录（草稿，可继续修改）',
          body: recordInput,
          response: { 200: idVersion },
        },
        config: { permission: 'ap.edit', audit: { module: MODULE, kind: 'edit' } },
      },
      async (req) => {
        const auth = requireAuth(req);
        const actor = await actorOf(req);
        const b = req.body;
        await assertAttachable(
          app.db,
          auth,
          recordFileIds(
            b.files.map((fileId) => ({ fileId })),
            b.summary,
            b.hazards.map((h) => h.photos),
          ),
        );
        const version = await req.tx((trx) => saveRecord(trx, actor, b, submit, clock.now()), {
          targetId: b.planId,
        });
        return ok({ id: b.planId, version }, submit ? '服务记录已提交，等待企业确认' : '已暂存');
      },
    );
  }

  r.post(
    '/api/prevention/record/confirm',
    {
      schema: {
        tags: TAGS,
        summary: '企业确认服务记录',
        body: recordConfirmInput,
        response: { 200: idVersion },
      },
      config: { permission: 'ap.edit', audit: { module: MODULE, kind: 'edit' } },
    },
    async (req) => {
      const actor = await actorOf(req);
      const version = await req.tx((trx) => confirmRecord(trx, actor, req.body, clock.now()), {
        targetId: req.body.planId,
      });
      return ok({ id: req.body.planId, version }, '服务记录已确认');
    },
  );

  r.post(
    '/api/prevention/record/followUp',
    {
      schema: {
        tags: TAGS,
        summary: '服务回访（被服务单位配合度、企业满意度；承担服务的机构）',
        body: followUpInput,
        response: { 200: idVersion },
      },
      config: { permission: 'ap.edit', audit: { module: MODULE, kind: 'edit' } },
    },
    async (req) => {
      const actor = await actorOf(req);
      const version = await req.tx((trx) => followUp(trx, actor, req.body, clock.now()), {
        targetId: req.body.planId,
      });
      return ok({ id: req.body.planId, version }, '回访已记录');
    },
  );

  r.get(
    '/api/prevention/file',
    {
      schema: {
        tags: TAGS,
        summary: '下载服务记录的照片或文件（可查看该服务计划者）',
        querystring: z
          .object({ planId: z.coerce.number().int().positive(), fileId: z.string().max(64) })
          .strict(),
        response: { 200: fileResponse('照片或文件（Content-Type 为文件的类型）', '*/*') },
      },
      config: { permission: 'ap.get' },
    },
    async (req, reply) => {
      const plan = await getPlan(app.db, await actorOf(req), req.query.planId);
      const ids = plan.record
        ? recordFileIds(
            plan.record.files,
            plan.record.summary as Record<string, unknown>,
            plan.hazards.map((h) => h.photos),
          )
        : [];
      return sendAttachment(app.db, storage, reply, req.query.fileId, ids);
    },
  );

  r.post(
    '/api/prevention/hazard/list',
    {
      schema: {
        tags: TAGS,
        summary: '服务中发现的隐患（已提交的服务记录）',
        querystring: hazardListQuery,
        response: { 200: envelope(paged(hazardRow)) },
      },
      config: { permission: 'ap.query' },
    },
    async (req) => ok(await listHazards(app.db, await actorOf(req), req.query)),
  );
}
