import {
  endorsementDetail,
  endorsementInput,
  endorsementListQuery,
  endorsementReviewed,
  endorsementRow,
  endorsementWithdrawn,
  envelope,
  fileResponse,
  idEnvelope,
  paged,
} from '@aqzrx/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/envelope.ts';
import { requireAuth } from '../../platform/http.ts';
import { createOnce } from '../../platform/idempotency.ts';
import { assertAttachable, idQuery, resolveActor, sendAttachment } from '../enterprise/index.ts';
import { getEndorsement, listEndorsements } from './endorsement.repo.ts';
import { applyEndorsement, reviewEndorsement, withdrawEndorsement } from './endorsement.service.ts';

/**
 * Endorsements (enterprise: manage, add, detail; insurer: endorsements). The enterprise applies; the
 * lead insurer approves (the policy changes through a versioned snapshot on the effective date: at once
 * when it has come, else by the daily job) or returns; the enterprise may withdraw its application while
 * it waits for review.
 */
export function endorsementsRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { clock, storage, settings } = app.deps;
  const actorOf = async (req: FastifyRequest) => resolveActor(app.db, requireAuth(req));
  // An approved endorsement changes a policy: drop cached list totals.

  r.post(
    '/api/endorsement/list',
    {
      schema: {
        tags: ['endorsement'],
        response: { 200: envelope(z.object({ page: paged(endorsementRow) })) },
        summary: '批改列表（企业：本企业；保险机构：承保或共保保单的批改）',
        querystring: endorsementListQuery,
      },
      config: { permission: 'endorsement.query' },
    },
    async (req) => ok({ page: await listEndorsements(app.db, await actorOf(req), req.query) }),
  );

  r.post(
    '/api/endorsement/detail',
    {
      schema: {
        tags: ['endorsement'],
        response: { 200: envelope(endorsementDetail) },
        summary: '批改详情（批改前后对比）',
        querystring: idQuery,
      },
      config: { permission: 'endorsement.get' },
    },
    async (req) => ok(await getEndorsement(app.db, await actorOf(req), req.query.id)),
  );

  r.post(
    '/api/endorsement/add',
    {
      schema: {
        tags: ['endorsement'],
        response: { 200: idEnvelope },
        summary: '申请批改（企业；可带 Idempotency-Key 防重复提交）',
        body: endorsementInput,
      },
      config: { permission: 'endorsement.add', audit: { module: '批改管理', kind: 'add' } },
    },
    async (req, reply) => {
      const auth = requireAuth(req);
      const actor = await resolveActor(app.db, auth);
      await assertAttachable(app.db, auth, req.body.attachments);
      const ins = await settings.get('insurance');
      return createOnce(
        app.db,
        req,
        reply,
        { now: clock.now(), required: false },
        (trx) => applyEndorsement(trx, actor, req.body, ins, clock.now()),
        '批改申请已提交',
      );
    },
  );

  r.post(
    '/api/endorsement/review',
    {
      schema: {
        tags: ['endorsement'],
        response: { 200: envelope(endorsementReviewed) },
        summary:
          '审核批改（出单机构）：生效日期已到则通过即生效并生成保单新版本，生效日期在今后则审核通过待生效、到期由每日任务生效；退回须填写原因',
        body: z
          .object({
            id: z.number().int().positive(),
            version: z.number().int().positive('请提供数据版本号'),
            approve: z.boolean(),
            remark: z.string().trim().max(500).default(''),
          })
          .strict(),
      },
      config: { permission: 'endorsement.edit', audit: { module: '批改审核', kind: 'edit' } },
    },
    async (req) => {
      const actor = await actorOf(req);
      const ins = await settings.get('insurance');
      const res = await req.tx((trx) => reviewEndorsement(trx, actor, req.body, ins, clock.now()), {
        targetId: req.body.id,
      });
      const msg =
        res.status === 'awaiting'
          ? `审核通过，批改将于 ${res.effectiveDate} 生效`
          : req.body.approve
            ? '批改已生效'
            : '已退回';
      return ok({ id: req.body.id, ...res }, msg);
    },
  );

  r.post(
    '/api/endorsement/withdraw',
    {
      schema: {
        tags: ['endorsement'],
        response: { 200: envelope(endorsementWithdrawn) },
        summary: '撤回批改申请（企业；仅待审核的申请，撤回后可重新申请）',
        body: z
          .object({
            id: z.number().int().positive(),
            version: z.number().int().positive('请提供数据版本号'),
          })
          .strict(),
      },
      config: { permission: 'endorsement.add', audit: { module: '批改管理', kind: 'edit' } },
    },
    async (req) => {
      const actor = await actorOf(req);
      const res = await req.tx((trx) => withdrawEndorsement(trx, actor, req.body, clock.now()), {
        targetId: req.body.id,
      });
      return ok({ id: req.body.id, ...res }, '批改申请已撤回');
    },
  );

  r.get(
    '/api/endorsement/file',
    {
      schema: {
        tags: ['endorsement'],
        response: { 200: fileResponse('附件内容（Content-Type 为文件的类型）', '*/*') },
        summary: '下载批改附件',
        querystring: z
          .object({ id: z.coerce.number().int().positive(), fileId: z.string().max(64) })
          .strict(),
      },
      config: { permission: 'endorsement.get' },
    },
    async (req, reply) => {
      const en = await getEndorsement(app.db, await actorOf(req), req.query.id);
      return sendAttachment(app.db, storage, reply, req.query.fileId, en.attachments);
    },
  );
}
