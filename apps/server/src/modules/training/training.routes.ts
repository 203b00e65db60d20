import {
  envelope,
  fileResponse,
  formatChinaTime,
  idEnvelope,
  idQuery,
  messageEnvelope,
  paged,
  trainingAttendanceInput,
  trainingCancelInput,
  trainingDetail,
  trainingEditInput,
  trainingExportQuery,
  trainingInput,
  trainingListQuery,
  trainingRow,
  trainingSignUpCancelInput,
  trainingSignUpInput,
  xlsxResponse,
} from '@aqzrx/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { done, ok } from '../../platform/envelope.ts';
import { requireAuth } from '../../platform/http.ts';
import { createOnce } from '../../platform/idempotency.ts';
import { buildXlsx, EXPORT_ROW_CAP, sendXlsx } from '../../platform/xlsx.ts';
import { resolveActivityActor } from './activity-actor.ts';
import { sendRecordFile } from './files.ts';
import {
  addTraining,
  cancelSignUp,
  cancelTraining,
  editTraining,
  exportTrainings,
  getTraining,
  listTrainings,
  recordAttendance,
  signUp,
  signUpContactPhone,
  trainingContactPhone,
  trainingFiles,
} from './training.service.ts';

const T = '/api/training';
const MODULE = '事故预防-培训';

/**
 * Training sessions (培训): insurers, service organisations and expert panels publish and record them,
 * enterprises sign up, regulators read those of their districts. Route table: README.md.
 */
export function trainingRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { clock, storage } = app.deps;
  const actorOf = async (req: FastifyRequest) => resolveActivityActor(app.db, requireAuth(req));

  // Contact numbers a party of the session may see in full (P04), with the detail's scope.
  app.piiReveals.register('training', 'ap.get', {
    contactPhone: async (db, auth, id) => trainingContactPhone(db, await resolveActivityActor(db, auth), id),
  });
  app.piiReveals.register('trainingSignUp', 'ap.get', {
    contactPhone: async (db, auth, id) => signUpContactPhone(db, await resolveActivityActor(db, auth), id),
  });

  r.post(
    `${T}/list`,
    {
      schema: {
        tags: ['training'],
        summary: '培训列表（企业：可报名的培训或我的报名；发布机构：本机构发布的；监管部门：面向辖区的）',
        querystring: trainingListQuery,
        response: { 200: envelope(paged(trainingRow)) },
      },
      config: { permission: 'ap.query' },
    },
    async (req) => ok(await listTrainings(app.db, await actorOf(req), req.query, clock.now())),
  );

  r.post(
    `${T}/detail`,
    {
      schema: {
        tags: ['training'],
        summary: '培训详情（含资料、照片和报名情况）',
        querystring: idQuery,
        response: { 200: envelope(trainingDetail) },
      },
      config: { permission: 'ap.get' },
    },
    async (req) => ok(await getTraining(app.db, await actorOf(req), req.query.id, clock.now())),
  );

  r.post(
    `${T}/add`,
    {
      schema: {
        tags: ['training'],
        summary: '发布培训（保险机构、服务机构、专家；可带 Idempotency-Key 防重复提交），面向的企业收到消息',
        body: trainingInput,
        response: { 200: idEnvelope },
      },
      config: { permission: 'ap.add', audit: { module: MODULE, kind: 'add' } },
    },
    async (req, reply) => {
      const auth = requireAuth(req);
      const actor = await actorOf(req);
      return createOnce(
        app.db,
        req,
        reply,
        { now: clock.now(), required: false },
        (trx) => addTraining(trx, auth, actor, req.body, clock.now()),
        '培训已发布',
      );
    },
  );

  r.post(
    `${T}/edit`,
    {
      schema: {
        tags: ['training'],
        summary: '修改培训（发布机构，开始前）',
        body: trainingEditInput,
        response: { 200: messageEnvelope },
      },
      config: { permission: 'ap.edit', audit: { module: MODULE, kind: 'edit' } },
    },
    async (req) => {
      const auth = requireAuth(req);
      const actor = await actorOf(req);
      await req.tx((trx) => editTraining(trx, auth, actor, req.body, clock.now()), { targetId: req.body.id });
      return done('培训已修改');
    },
  );

  r.post(
    `${T}/cancel`,
    {
      schema: {
        tags: ['training'],
        summary: '取消培训（发布机构，结束前；已报名的企业收到消息）',
        body: trainingCancelInput,
        response: { 200: messageEnvelope },
      },
      config: { permission: 'ap.edit', audit: { module: MODULE, kind: 'edit' } },
    },
    async (req) => {
      const actor = await actorOf(req);
      await req.tx((trx) => cancelTraining(trx, actor, req.body, clock.now()), { targetId: req.body.id });
      return done('培训已取消');
    },
  );

  r.post(
    `${T}/attendance`,
    {
      schema: {
        tags: ['training'],
        summary: '登记签到和培训情况（发布机构，开始后；每家报名企业的参加情况、说明和现场照片），培训完成',
        body: trainingAttendanceInput,
        response: {
          200: envelope(z.object({ attendedEnterprises: z.number(), attendees: z.number() })),
        },
      },
      config: { permission: 'ap.edit', audit: { module: MODULE, kind: 'edit' } },
    },
    async (req) => {
      const auth = requireAuth(req);
      const actor = await actorOf(req);
      const res = await req.tx((trx) => recordAttendance(trx, auth, actor, req.body, clock.now()), {
        targetId: req.body.id,
      });
      return ok(res, `已登记：${res.attendedEnterprises}家企业${res.attendees}人参加`);
    },
  );

  r.post(
    `${T}/signUp`,
    {
      schema: {
        tags: ['training'],
        summary: '报名培训（企业；名额不足或重复报名时拒绝；可带 Idempotency-Key）',
        body: trainingSignUpInput,
        response: { 200: idEnvelope },
      },
      config: { permission: 'ap.add', audit: { module: MODULE, kind: 'add' } },
    },
    async (req, reply) => {
      const actor = await actorOf(req);
      return createOnce(
        app.db,
        req,
        reply,
        { now: clock.now(), required: false },
        (trx) => signUp(trx, actor, req.body, clock.now()),
        '报名成功',
      );
    },
  );

  r.post(
    `${T}/cancelSignUp`,
    {
      schema: {
        tags: ['training'],
        summary: '取消报名（企业，本企业的报名，培训开始前）',
        body: trainingSignUpCancelInput,
        response: { 200: messageEnvelope },
      },
      config: { permission: 'ap.edit', audit: { module: MODULE, kind: 'edit' } },
    },
    async (req) => {
      const actor = await actorOf(req);
      await req.tx((trx) => cancelSignUp(trx, actor, req.body, clock.now()), { targetId: req.body.id });
      return done('已取消报名');
    },
  );

  r.get(
    `${T}/export`,
    {
      schema: {
        tags: ['training'],
        summary: '导出培训记录 .xlsx（监管部门：面向辖区的；发布机构：本机构的）',
        querystring: trainingExportQuery,
        response: { 200: xlsxResponse('培训记录 .xlsx') },
      },
      config: { permission: 'ap.export', audit: { module: MODULE, kind: 'export' } },
    },
    async (req, reply) => {
      const actor = await actorOf(req);
      const rows = await exportTrainings(app.db, actor, req.query, clock.now(), EXPORT_ROW_CAP);
      const buf = await buildXlsx<(typeof rows)[number]>(
        '培训记录',
        [
          { header: '培训主题', width: 30, value: (t) => t.topic },
          { header: '发布机构', width: 30, value: (t) => t.publisherName },
          { header: '机构类型', width: 12, value: (t) => t.publisherTypeLabel },
          { header: '培训形式', width: 8, value: (t) => t.modeLabel },
          { header: '开始时间', width: 18, value: (t) => formatChinaTime(t.startsAt) },
          { header: '结束时间', width: 18, value: (t) => formatChinaTime(t.endsAt) },
          { header: '地点/链接', width: 30, value: (t) => (t.mode === 'online' ? t.onlineLink : t.place) },
          { header: '面向区县', width: 24, value: (t) => t.targetDistrictNames },
          { header: '面向行业', width: 24, value: (t) => t.targetIndustryNames },
          { header: '名额', width: 8, value: (t) => t.capacity },
          { header: '报名企业数', width: 10, value: (t) => t.signedEnterprises },
          { header: '报名人数', width: 10, value: (t) => t.signedParticipants },
          { header: '参加企业数', width: 10, value: (t) => t.attendedEnterprises },
          { header: '实到人数', width: 10, value: (t) => t.attendees },
          { header: '状态', width: 10, value: (t) => t.phaseLabel },
        ],
        rows,
      );
      return sendXlsx(
        reply.header('x-export-rows', String(rows.length)),
        '培训记录.xlsx',
        buf,
        'trainings.xlsx',
      );
    },
  );

  r.get(
    `${T}/file`,
    {
      schema: {
        tags: ['training'],
        summary: '下载培训资料或照片',
        querystring: z
          .object({ id: z.coerce.number().int().positive(), fileId: z.string().max(64) })
          .strict(),
        response: { 200: fileResponse('培训资料或照片') },
      },
      config: { permission: 'ap.get' },
    },
    async (req, reply) => {
      const files = await trainingFiles(app.db, await actorOf(req), req.query.id);
      return sendRecordFile(app.db, storage, reply, req.query.fileId, files);
    },
  );
}
