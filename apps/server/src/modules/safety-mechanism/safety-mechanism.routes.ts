import {
  envelope,
  idEnvelope,
  mechanismAddBody,
  mechanismApiInfo,
  mechanismApisBody,
  mechanismApisQuery,
  mechanismCheckOrderNoQuery,
  mechanismFindAllQuery,
  mechanismIdQuery,
  mechanismOption,
  mechanismRow,
  mechanismUpdateBody,
  messageEnvelope,
  paged,
} from '@aqzrx/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { done, ok } from '../../platform/envelope.ts';
import { requireAuth } from '../../platform/http.ts';
import { QUERY_OR_BODY as EITHER, queryAsBody } from '../../platform/query-body.ts';
import {
  addMechanism,
  attachApis,
  deleteMechanism,
  detachApis,
  findMechanism,
  findMechanisms,
  listAttached,
  listUnattached,
  mechanismOptions,
  orderNoAvailable,
  type RegisteredRoute,
  updateMechanism,
} from './safety-mechanism.service.ts';

const AUDIT = '安全机制';
const apiList = envelope(z.object({ list: z.array(mechanismApiInfo) }));

/**
 * Safety mechanisms (spec 7 /api/safetymechanism/*): access policies for external systems over the
 * platform's API entries. `routes` is the live route registry (app.state.apiRoutes), read per request.
 */
export function safetyMechanismsRoutes(app: FastifyInstance, routes: readonly RegisteredRoute[]): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { clock } = app.deps;

  r.post(
    '/api/safetymechanism/findAll',
    {
      schema: {
        tags: ['safetymechanism'],
        summary: '安全机制分页查询',
        querystring: mechanismFindAllQuery,
        response: { 200: envelope(paged(mechanismRow)) },
      },
      config: { permission: 'safetymechanism.query' },
    },
    async (req) => ok(await findMechanisms(app.db, req.query)),
  );
  r.post(
    '/api/safetymechanism/findOne',
    {
      schema: {
        tags: ['safetymechanism'],
        summary: '安全机制详情（含已关联接口）',
        querystring: mechanismIdQuery,
        response: { 200: envelope(mechanismRow.extend({ apis: z.array(mechanismApiInfo) })) },
      },
      config: { permission: 'safetymechanism.get' },
    },
    async (req) => ok(await findMechanism(app.db, req.query.id, routes)),
  );
  r.post(
    '/api/safetymechanism/add',
    {
      schema: {
        tags: ['safetymechanism'],
        summary: `新增安全机制${EITHER}`,
        body: mechanismAddBody,
        response: { 200: idEnvelope },
      },
      preValidation: queryAsBody(mechanismAddBody),
      config: { permission: 'safetymechanism.add', audit: { module: AUDIT, kind: 'add' } },
    },
    async (req) => {
      const auth = requireAuth(req);
      const id = await req.tx((trx) => addMechanism(trx, req.body, auth.userId, clock.now()), {
        targetId: (newId) => newId,
      });
      return ok({ id }, '新增成功');
    },
  );
  r.post(
    '/api/safetymechanism/update',
    {
      schema: {
        tags: ['safetymechanism'],
        summary: `修改安全机制（需带 version）${EITHER}`,
        body: mechanismUpdateBody,
        response: { 200: messageEnvelope },
      },
      preValidation: queryAsBody(mechanismUpdateBody),
      config: { permission: 'safetymechanism.edit', audit: { module: AUDIT, kind: 'edit' } },
    },
    async (req) => {
      const auth = requireAuth(req);
      await req.tx((trx) => updateMechanism(trx, req.body, auth.userId, clock.now()), {
        targetId: req.body.id,
      });
      return done('保存成功');
    },
  );
  r.post(
    '/api/safetymechanism/delete',
    {
      schema: {
        tags: ['safetymechanism'],
        summary: '删除安全机制',
        querystring: mechanismIdQuery,
        response: { 200: messageEnvelope },
      },
      config: { permission: 'safetymechanism.delete', audit: { module: AUDIT, kind: 'delete' } },
    },
    async (req) => {
      await req.tx((trx) => deleteMechanism(trx, req.query.id), { targetId: req.query.id });
      return done('删除成功');
    },
  );
  r.post(
    '/api/safetymechanism/checkOrderNo',
    {
      schema: {
        tags: ['safetymechanism'],
        summary: '编号是否可用（修改时带 id 排除自身）',
        querystring: mechanismCheckOrderNoQuery,
        response: { 200: envelope(z.object({ available: z.boolean() })) },
      },
      config: { permission: 'safetymechanism.query' },
    },
    async (req) => {
      const available = await orderNoAvailable(app.db, req.query.orderNo, req.query.id);
      return ok({ available }, available ? '编号可用' : '编号已被使用');
    },
  );
  r.post(
    '/api/safetymechanism/addSysApiInfos',
    {
      schema: {
        tags: ['safetymechanism'],
        summary: `关联接口（须为平台已注册的接口；查询串中 apis 为 JSON 数组）${EITHER}`,
        body: mechanismApisBody,
        response: { 200: envelope(z.object({ added: z.number().int() })) },
      },
      preValidation: queryAsBody(mechanismApisBody),
      config: { permission: 'safetymechanism.edit', audit: { module: AUDIT, kind: 'edit' } },
    },
    async (req) => {
      const auth = requireAuth(req);
      const added = await req.tx((trx) => attachApis(trx, req.body, routes, auth.userId, clock.now()), {
        targetId: req.body.mechanismId,
      });
      return ok({ added }, '关联成功');
    },
  );
  r.post(
    '/api/safetymechanism/delSysApiInfos',
    {
      schema: {
        tags: ['safetymechanism'],
        summary: `取消关联接口（查询串中 apis 为 JSON 数组）${EITHER}`,
        body: mechanismApisBody,
        response: { 200: envelope(z.object({ removed: z.number().int() })) },
      },
      preValidation: queryAsBody(mechanismApisBody),
      config: { permission: 'safetymechanism.edit', audit: { module: AUDIT, kind: 'edit' } },
    },
    async (req) => {
      const auth = requireAuth(req);
      const removed = await req.tx((trx) => detachApis(trx, req.body, auth.userId, clock.now()), {
        targetId: req.body.mechanismId,
      });
      return ok({ removed }, '已取消关联');
    },
  );
  r.get(
    '/api/safetymechanism/listSysApiInfos',
    {
      schema: {
        tags: ['safetymechanism'],
        summary: '已关联的接口',
        querystring: mechanismApisQuery,
        response: { 200: apiList },
      },
      config: { permission: 'safetymechanism.query' },
    },
    async (req) => ok({ list: await listAttached(app.db, req.query.mechanismId, routes) }),
  );
  r.get(
    '/api/safetymechanism/listNoneSysApiInfos',
    {
      schema: {
        tags: ['safetymechanism'],
        summary: '未关联的已注册接口（不含 /api/docs）',
        querystring: mechanismApisQuery,
        response: { 200: apiList },
      },
      config: { permission: 'safetymechanism.query' },
    },
    async (req) => ok({ list: await listUnattached(app.db, req.query.mechanismId, routes) }),
  );
  r.get(
    '/api/manage/parameter/findAllSafetyMechanism',
    {
      schema: {
        tags: ['safetymechanism'],
        summary: '安全机制下拉列表',
        response: { 200: envelope(z.object({ list: z.array(mechanismOption) })) },
      },
      // Mechanisms are access policies: only those who manage them may list them.
      config: { permission: 'safetymechanism.query' },
    },
    async () => ok({ list: await mechanismOptions(app.db) }),
  );
}
