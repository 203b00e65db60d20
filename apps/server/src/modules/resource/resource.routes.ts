import {
  addResourceBody,
  envelope,
  idEnvelope,
  messageEnvelope,
  moveResourceBody,
  orderResourceBody,
  resourceAdminNode,
  saveResourceBody,
} from '@aqzrx/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { done, ok } from '../../platform/envelope.ts';
import { requireAuth } from '../../platform/http.ts';
import {
  addResource,
  deleteResource,
  moveResource,
  orderResources,
  resourceAdminTree,
  saveResource,
} from './resource.service.ts';

const MODULE = '菜单资源';

/** Resource (menu) management; the role editor keeps using /api/role/getResList. */
export function resourceRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { clock } = app.deps;

  r.post(
    '/api/resource/tree',
    {
      schema: {
        tags: ['resource'],
        summary: '菜单资源树（含排序、版本号、是否内置）',
        response: { 200: envelope(z.array(resourceAdminNode)) },
      },
      config: { permission: 'resource.query' },
    },
    async () => ok(await resourceAdminTree(app.db)),
  );

  r.post(
    '/api/resource/add',
    {
      schema: {
        tags: ['resource'],
        summary: '新增菜单资源',
        body: addResourceBody,
        response: { 200: idEnvelope },
      },
      config: { permission: 'resource.add', audit: { module: MODULE, kind: 'add' } },
    },
    async (req) => {
      const auth = requireAuth(req);
      const id = await req.tx((trx) => addResource(trx, req.body, auth.userId, clock.now()), {
        targetId: (v) => v,
      });
      return ok({ id }, '新增成功');
    },
  );

  r.post(
    '/api/resource/save',
    {
      schema: {
        tags: ['resource'],
        summary: '修改菜单资源（名称、图标、组件、隐藏、排序、可用操作）',
        body: saveResourceBody,
        response: { 200: messageEnvelope },
      },
      config: { permission: 'resource.edit', audit: { module: MODULE, kind: 'edit' } },
    },
    async (req) => {
      const auth = requireAuth(req);
      req.auditTarget = String(req.body.id);
      await req.tx((trx) => saveResource(trx, req.body, auth.userId, clock.now()), { targetId: req.body.id });
      return done('保存成功');
    },
  );

  r.post(
    '/api/resource/delete',
    {
      schema: {
        tags: ['resource'],
        summary: '删除菜单资源（有下级时不能删除；内置菜单请隐藏）',
        querystring: z.object({ id: z.coerce.number().int().positive('id 必须是正整数') }).strict(),
        response: { 200: messageEnvelope },
      },
      config: { permission: 'resource.delete', audit: { module: MODULE, kind: 'delete' } },
    },
    async (req) => {
      req.auditTarget = String(req.query.id);
      await req.tx((trx) => deleteResource(trx, req.query.id), { targetId: req.query.id });
      return done('删除成功');
    },
  );

  r.post(
    '/api/resource/move',
    {
      schema: {
        tags: ['resource'],
        summary: '移动菜单到其他上级（或顶层）',
        body: moveResourceBody,
        response: { 200: messageEnvelope },
      },
      config: { permission: 'resource.edit', audit: { module: MODULE, kind: 'edit' } },
    },
    async (req) => {
      const auth = requireAuth(req);
      req.auditTarget = String(req.body.id);
      await req.tx((trx) => moveResource(trx, req.body, auth.userId, clock.now()), { targetId: req.body.id });
      return done('移动成功');
    },
  );

  r.post(
    '/api/resource/order',
    {
      schema: {
        tags: ['resource'],
        summary: '调整同级菜单顺序',
        body: orderResourceBody,
        response: { 200: messageEnvelope },
      },
      config: { permission: 'resource.edit', audit: { module: MODULE, kind: 'edit' } },
    },
    async (req) => {
      const auth = requireAuth(req);
      await req.tx((trx) => orderResources(trx, req.body, auth.userId, clock.now()), {
        targetId: req.body.parentId ?? 'root',
      });
      return done('排序已保存');
    },
  );
}
