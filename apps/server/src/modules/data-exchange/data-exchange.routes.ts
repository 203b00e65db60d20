import {
  envelope,
  insurancePostAnswer,
  insurancePostBody,
  pushSettingsBody,
  pushSettingsQuery,
  pushSettingsView,
} from '@aqzrx/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/envelope.ts';
import { requireAuth } from '../../platform/http.ts';
import { resolveActor } from '../enterprise/index.ts';
import { insurancePost } from './insurance-post.service.ts';
import { assertPushable, pushLeaseHeld, pushSettings, savePushSettings } from './push.service.ts';
import { createPushWorker, type PushWorker } from './push.worker.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The push worker of this app (started when the app is ready, stopped when it closes). */
    pushWorker: PushWorker;
  }
}

const PUSH_AUDIT = '子系统数据推送';

/**
 * Data exchange with external systems (README.md in this folder): insurers report issued policies
 * (insurancePost), and the platform pushes policy and claim changes to subscribed subsystems.
 */
export function dataExchangeRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { clock, config, settings } = app.deps;

  const worker = createPushWorker(app, { intervalMs: config.PUSH_INTERVAL_MS });
  app.decorate('pushWorker', worker);
  app.addHook('onReady', async () => worker.start());
  app.addHook('onClose', async () => worker.stop());

  // Spec 7 names the call without its parameter placement. It takes a JSON body: up to 100 policies do not
  // fit query parameters, and a JSON body is what the signed-call protocol hashes. Signed calls reach it
  // when a safety mechanism of the subsystem lists it; the service account (or the X-TOKEN user) must hold
  // the insurer role's policy.add and belong to an insurer.
  r.post(
    '/api/company/insurancePost',
    {
      schema: {
        tags: ['data-exchange'],
        summary:
          '保险机构上报已出单保单（policy 单条或 policies 批量≤100；按保单号幂等；任一条被拒绝则整批不保存）',
        body: insurancePostBody,
        response: { 200: envelope(insurancePostAnswer) },
      },
      config: { permission: 'policy.add', audit: { module: '保单上报', kind: 'add' } },
    },
    async (req) => {
      const actor = await resolveActor(app.db, requireAuth(req));
      const items = req.body.policies ?? (req.body.policy ? [req.body.policy] : []);
      const ins = await settings.get('insurance');
      const { answer, message } = await req.tx((trx) => insurancePost(trx, actor, items, ins, clock.now()), {
        targetId: (res) =>
          res.answer.items
            .filter((i) => i.result === 'created')
            .map((i) => i.id)
            .join(','),
      });
      return ok(answer, message);
    },
  );

  r.post(
    '/api/subsystem/push/findOne',
    {
      schema: {
        tags: ['data-exchange'],
        summary: '子系统数据推送设置与最近推送结果',
        querystring: pushSettingsQuery,
        response: { 200: envelope(pushSettingsView) },
      },
      config: { permission: 'subsystem.get' },
    },
    async (req) => {
      const id = req.query.subsystemId;
      // Running here, or in another process or instance (which holds the subsystem's push lease).
      const running = app.pushWorker.isRunning(id) || (await pushLeaseHeld(app.db, id, clock.now()));
      return ok(await pushSettings(app.db, id, running));
    },
  );

  r.post(
    '/api/subsystem/push/save',
    {
      schema: {
        tags: ['data-exchange'],
        summary: '保存子系统数据推送设置（推送地址、是否启用、推送数据；需带 version，首次为0）',
        body: pushSettingsBody,
        response: { 200: envelope(z.object({ version: z.number().int() })) },
      },
      config: { permission: 'subsystem.edit', audit: { module: PUSH_AUDIT, kind: 'edit' } },
    },
    async (req) => {
      const auth = requireAuth(req);
      const version = await req.tx((trx) => savePushSettings(trx, req.body, auth.userId, clock.now()), {
        targetId: req.body.subsystemId,
      });
      return ok({ version }, '保存成功');
    },
  );

  r.post(
    '/api/subsystem/push/run',
    {
      schema: {
        tags: ['data-exchange'],
        summary: '立即推送（后台执行，结果见推送设置和推送日志）',
        querystring: pushSettingsQuery,
        response: { 200: envelope(z.object({ started: z.boolean() })) },
      },
      config: { permission: 'subsystem.edit', audit: { module: PUSH_AUDIT, kind: 'edit' } },
    },
    async (req) => {
      const id = req.query.subsystemId;
      req.auditTarget = String(id);
      await assertPushable(app.db, id);
      const started = !(await pushLeaseHeld(app.db, id, clock.now())) && app.pushWorker.trigger(id);
      return ok(
        { started },
        started ? '已开始推送，稍后刷新查看推送结果和推送日志' : '该子系统正在推送中，请稍后刷新查看结果',
      );
    },
  );
}
