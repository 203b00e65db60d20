import {
  envelope,
  idEnvelope,
  idQuery,
  messageEnvelope,
  paged,
  SERVICE_REQUEST_STATUS,
  serviceRequestAnswerInput,
  serviceRequestInput,
  serviceRequestListQuery,
  serviceRequestPolicy,
  serviceRequestRow,
  serviceRequestWithdrawInput,
} from '@aqzrx/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { resolveActor } from '../../platform/actor.ts';
import { done, ok } from '../../platform/envelope.ts';
import { requireAuth } from '../../platform/http.ts';
import { createOnce } from '../../platform/idempotency.ts';
import {
  addRequest,
  answerRequest,
  getRequest,
  listRequests,
  requestContactPhone,
  requestPolicies,
  withdrawRequest,
} from './service-request.service.ts';

const R = '/api/serviceRequest';
const MODULE = '事故预防-服务需求';

/** Enterprises' service requests to their insurer (服务需求). Route table: README.md. */
export function serviceRequestRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { clock } = app.deps;
  const actorOf = async (req: FastifyRequest) => resolveActor(app.db, requireAuth(req));

  // The enterprise's contact, in full for the parties of the request (P04).
  app.piiReveals.register('serviceRequest', 'ap.get', {
    contactPhone: async (db, auth, id) => requestContactPhone(db, await resolveActor(db, auth), id),
  });

  r.post(
    `${R}/policies`,
    {
      schema: {
        tags: ['serviceRequest'],
        summary: '企业在保险期间内的保单及其承保机构（提出服务需求时选择）',
        response: { 200: envelope(z.array(serviceRequestPolicy)) },
      },
      config: { permission: 'ap.query' },
    },
    async (req) => ok(await requestPolicies(app.db, await actorOf(req), clock.now())),
  );

  r.post(
    `${R}/list`,
    {
      schema: {
        tags: ['serviceRequest'],
        summary: '服务需求列表（企业：本企业的；保险机构：向本机构提出的；监管部门：辖区的）',
        querystring: serviceRequestListQuery,
        response: { 200: envelope(paged(serviceRequestRow)) },
      },
      config: { permission: 'ap.query' },
    },
    async (req) => ok(await listRequests(app.db, await actorOf(req), req.query)),
  );

  r.post(
    `${R}/detail`,
    {
      schema: {
        tags: ['serviceRequest'],
        summary: '服务需求详情',
        querystring: idQuery,
        response: { 200: envelope(serviceRequestRow) },
      },
      config: { permission: 'ap.get' },
    },
    async (req) => ok(await getRequest(app.db, await actorOf(req), req.query.id)),
  );

  r.post(
    `${R}/add`,
    {
      schema: {
        tags: ['serviceRequest'],
        summary: '提出服务需求（企业，向有效保单的承保机构；可带 Idempotency-Key），保险机构收到待办',
        body: serviceRequestInput,
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
        (trx) => addRequest(trx, actor, req.body, clock.now()),
        '服务需求已提交，请等待保险机构答复',
      );
    },
  );

  r.post(
    `${R}/answer`,
    {
      schema: {
        tags: ['serviceRequest'],
        summary: '答复服务需求（保险机构：受理，或拒绝并填写原因），企业收到消息',
        body: serviceRequestAnswerInput,
        response: { 200: envelope(z.object({ status: z.enum(SERVICE_REQUEST_STATUS.values) })) },
      },
      config: { permission: 'ap.edit', audit: { module: MODULE, kind: 'edit' } },
    },
    async (req) => {
      const actor = await actorOf(req);
      const status = await req.tx((trx) => answerRequest(trx, actor, req.body, clock.now()), {
        targetId: req.body.id,
      });
      return ok({ status }, req.body.accept ? '已受理' : '已拒绝');
    },
  );

  r.post(
    `${R}/withdraw`,
    {
      schema: {
        tags: ['serviceRequest'],
        summary: '撤回服务需求（企业，待处理的）',
        body: serviceRequestWithdrawInput,
        response: { 200: messageEnvelope },
      },
      config: { permission: 'ap.edit', audit: { module: MODULE, kind: 'edit' } },
    },
    async (req) => {
      const actor = await actorOf(req);
      await req.tx((trx) => withdrawRequest(trx, actor, req.body, clock.now()), { targetId: req.body.id });
      return done('服务需求已撤回');
    },
  );
}
