import {
  envelope,
  idQuery,
  idVersionQuery,
  messageEnvelope,
  paged,
  ruleDetail as ruleDetailSchema,
  ruleItem,
  ruleListQuery,
  ruleSaveBody,
} from '@aqzrx/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { done, ok } from '../../platform/envelope.ts';
import { requireAuth } from '../../platform/http.ts';
import { deleteRule, listRules, ruleDetail, saveRule } from './rule.service.ts';

/** 法规库: public list and detail for the portal (portalPolicy), CRUD with rule.*. */
export function rulesRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { clock } = app.deps;

  r.get(
    '/api/public/rule/list',
    {
      schema: {
        tags: ['rule'],
        summary: '法规库（门户，分页，按关键词、层级、效力状态）',
        querystring: ruleListQuery,
        response: { 200: envelope(paged(ruleItem)) },
      },
      config: { permission: 'public' },
    },
    async (req) => ok(await listRules(app.db, req.query)),
  );
  r.get(
    '/api/public/rule/detail',
    {
      schema: {
        tags: ['rule'],
        summary: '法规详情（门户，计阅读数）',
        querystring: idQuery,
        response: { 200: envelope(ruleDetailSchema) },
      },
      config: { permission: 'public' },
    },
    async (req) => ok(await ruleDetail(app.db, req.query.id, true)),
  );
  r.post(
    '/api/rule/list',
    {
      schema: {
        tags: ['rule'],
        summary: '法规管理列表',
        querystring: ruleListQuery,
        response: { 200: envelope(paged(ruleItem)) },
      },
      config: { permission: 'rule.query' },
    },
    async (req) => ok(await listRules(app.db, req.query)),
  );
  r.post(
    '/api/rule/detail',
    {
      schema: {
        tags: ['rule'],
        summary: '法规详情（管理）',
        querystring: idQuery,
        response: { 200: envelope(ruleDetailSchema) },
      },
      config: { permission: 'rule.get' },
    },
    async (req) => ok(await ruleDetail(app.db, req.query.id, false)),
  );
  r.post(
    '/api/rule/add',
    {
      schema: {
        tags: ['rule'],
        summary: '新增法规',
        body: ruleSaveBody.omit({ id: true, version: true }),
        response: { 200: envelope(z.object({ id: z.number() })) },
      },
      config: { permission: 'rule.add', audit: { module: '法规库', kind: 'add' } },
    },
    async (req) => {
      const auth = requireAuth(req);
      const id = await req.tx((trx) => saveRule(trx, auth, req.body, clock.now()), { targetId: (x) => x });
      return ok({ id }, '新增成功');
    },
  );
  r.post(
    '/api/rule/save',
    {
      schema: {
        tags: ['rule'],
        summary: '修改法规（含效力状态：现行有效、已修订并关联新版本、已废止并填写日期）',
        body: ruleSaveBody.required({ id: true, version: true }),
        response: { 200: envelope(z.object({ id: z.number() })) },
      },
      config: { permission: 'rule.edit', audit: { module: '法规库', kind: 'edit' } },
    },
    async (req) => {
      const auth = requireAuth(req);
      const id = await req.tx((trx) => saveRule(trx, auth, req.body, clock.now()), { targetId: req.body.id });
      return ok({ id }, '保存成功');
    },
  );
  r.post(
    '/api/rule/delete',
    {
      schema: {
        tags: ['rule'],
        summary: '删除法规',
        querystring: idVersionQuery,
        response: { 200: messageEnvelope },
      },
      config: { permission: 'rule.delete', audit: { module: '法规库', kind: 'delete' } },
    },
    async (req) => {
      const auth = requireAuth(req);
      await req.tx((trx) => deleteRule(trx, auth, req.query, clock.now()), { targetId: req.query.id });
      return done('删除成功');
    },
  );
}
