import {
  consultAnswerBody,
  consultAskBody,
  consultItem,
  consultListQuery,
  envelope,
  idQuery,
  idVersionQuery,
  messageEnvelope,
  paged,
  qaItem,
  qaListQuery,
  queryBool,
} from '@aqzrx/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { done, ok } from '../../platform/envelope.ts';
import { requireAuth } from '../../platform/http.ts';
import {
  answerConsult,
  askConsult,
  closeConsult,
  consultDetail,
  deleteConsult,
  listConsults,
  listQa,
  qaDetail,
  setConsultPublic,
} from './consult.service.ts';

const A = '/api/manage/articles';
const versionQuery = z
  .object({
    id: z.coerce.number().int().positive('id 必须是正整数'),
    version: z.coerce.number().int().positive('version 必须是正整数'),
  })
  .strict();
const publicFlagQuery = versionQuery.extend({ isPublic: queryBool }).strict();

/**
 * Consultations: an enterprise asks (consult.add), service/expert organisations, regulators and the
 * operations admin answer (consult.edit); everyone sees only what their scope allows. Answered
 * consultations can be published as public Q&A (/QA/detail?id on the portal).
 */
export function consultsRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { clock } = app.deps;

  r.post(
    `${A}/getConsultList`,
    {
      schema: {
        tags: ['consult'],
        summary: '咨询列表（企业只见本企业的；答复方见辖区内的）',
        querystring: consultListQuery,
        response: { 200: envelope(paged(consultItem)) },
      },
      config: { permission: 'consult.query' },
    },
    async (req) => ok(await listConsults(app.db, requireAuth(req), req.query)),
  );
  r.post(
    `${A}/saveConsult`,
    {
      schema: {
        tags: ['consult'],
        summary: '发起咨询；带 id 和 version 时修改本人待回复的咨询',
        body: consultAskBody,
        response: { 200: envelope(z.object({ id: z.number() })) },
      },
      config: { permission: 'consult.add', audit: { module: '咨询', kind: 'add' } },
    },
    async (req) => {
      const auth = requireAuth(req);
      const id = await req.tx((trx) => askConsult(trx, auth, req.body, clock.now()), { targetId: (x) => x });
      return ok({ id }, req.body.id ? '保存成功' : '咨询已提交，请等待答复');
    },
  );
  r.post(
    '/api/consult/detail',
    {
      schema: {
        tags: ['consult'],
        summary: '咨询详情',
        querystring: idQuery,
        response: { 200: envelope(consultItem) },
      },
      config: { permission: 'consult.get' },
    },
    async (req) => ok(await consultDetail(app.db, requireAuth(req), req.query.id)),
  );
  r.post(
    '/api/consult/answer',
    {
      schema: {
        tags: ['consult'],
        summary: '答复咨询（可同时公开为问答），提问人收到站内消息',
        body: consultAnswerBody,
        response: { 200: messageEnvelope },
      },
      config: { permission: 'consult.edit', audit: { module: '咨询', kind: 'edit' } },
    },
    async (req) => {
      const auth = requireAuth(req);
      await req.tx((trx) => answerConsult(trx, auth, req.body, clock.now()), { targetId: req.body.id });
      return done('答复成功');
    },
  );
  r.post(
    '/api/consult/close',
    {
      schema: {
        tags: ['consult'],
        summary: '关闭咨询',
        querystring: versionQuery,
        response: { 200: messageEnvelope },
      },
      config: { permission: 'consult.query', audit: { module: '咨询', kind: 'edit' } },
    },
    async (req) => {
      const auth = requireAuth(req);
      await req.tx((trx) => closeConsult(trx, auth, req.query, clock.now()), { targetId: req.query.id });
      return done('咨询已关闭');
    },
  );
  r.post(
    '/api/consult/setPublic',
    {
      schema: {
        tags: ['consult'],
        summary: '公开为问答(isPublic=1)或取消公开(0)',
        querystring: publicFlagQuery,
        response: { 200: messageEnvelope },
      },
      config: { permission: 'consult.edit', audit: { module: '咨询', kind: 'edit' } },
    },
    async (req) => {
      const auth = requireAuth(req);
      await req.tx((trx) => setConsultPublic(trx, auth, req.query, clock.now()), { targetId: req.query.id });
      return done(req.query.isPublic ? '已公开为问答' : '已取消公开');
    },
  );
  r.post(
    '/api/consult/delete',
    {
      schema: {
        tags: ['consult'],
        summary: '删除咨询',
        querystring: idVersionQuery,
        response: { 200: messageEnvelope },
      },
      config: { permission: 'consult.delete', audit: { module: '咨询', kind: 'delete' } },
    },
    async (req) => {
      const auth = requireAuth(req);
      await req.tx((trx) => deleteConsult(trx, auth, req.query, clock.now()), { targetId: req.query.id });
      return done('删除成功');
    },
  );

  r.get(
    '/api/public/qa/list',
    {
      schema: {
        tags: ['consult'],
        summary: '公开问答（分页，按分类、关键词）',
        querystring: qaListQuery,
        response: { 200: envelope(paged(qaItem)) },
      },
      config: { permission: 'public' },
    },
    async (req) => ok(await listQa(app.db, req.query)),
  );
  r.get(
    '/api/public/qa/detail',
    {
      schema: {
        tags: ['consult'],
        summary: '问答详情（/QA/detail?id）',
        querystring: idQuery,
        response: { 200: envelope(qaItem) },
      },
      config: { permission: 'public' },
    },
    async (req) => ok(await qaDetail(app.db, req.query.id)),
  );
}
