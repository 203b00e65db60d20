import {
  envelope,
  idEnvelope,
  messageEnvelope,
  paged,
  subsystemAddBody,
  subsystemCodeQuery,
  subsystemCredentials,
  subsystemIdQuery,
  subsystemInfo,
  subsystemListQuery,
  subsystemRow,
  subsystemUpdateBody,
} from '@aqzrx/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { done, ok } from '../../platform/envelope.ts';
import { requireAuth } from '../../platform/http.ts';
import {
  addSubsystem,
  deleteSubsystem,
  generateCredentials,
  listSubsystems,
  subsystemInfo as loadSubsystemInfo,
  revokeCredentials,
  rotateCredentials,
  updateSubsystem,
} from './subsystem.service.ts';

const AUDIT = '子系统';

/** Subsystems: the public help-page lookup (spec 7 getSubsystemInfo) and the admin CRUD. */
export function subsystemsRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { clock } = app.deps;

  r.post(
    '/api/subsystem/getSubsystemInfo',
    {
      schema: {
        tags: ['subsystem'],
        summary: '子系统信息与帮助（登录前的帮助页使用）',
        querystring: subsystemCodeQuery,
        response: { 200: envelope(z.object({ subsystem: subsystemInfo })) },
      },
      // The /oauth-center-help/:code page is public (spec 2.4).
      config: { permission: 'public' },
    },
    async (req) => ok({ subsystem: await loadSubsystemInfo(app.db, req.query.code) }),
  );
  r.post(
    '/api/subsystem/list',
    {
      schema: {
        tags: ['subsystem'],
        summary: '子系统分页查询',
        querystring: subsystemListQuery,
        response: { 200: envelope(paged(subsystemRow)) },
      },
      config: { permission: 'subsystem.query' },
    },
    async (req) => ok(await listSubsystems(app.db, req.query)),
  );
  r.post(
    '/api/subsystem/add',
    {
      schema: {
        tags: ['subsystem'],
        summary: '新增子系统',
        body: subsystemAddBody,
        response: { 200: idEnvelope },
      },
      config: { permission: 'subsystem.add', audit: { module: AUDIT, kind: 'add' } },
    },
    async (req) => {
      const auth = requireAuth(req);
      const id = await req.tx((trx) => addSubsystem(trx, req.body, auth.userId, clock.now()), {
        targetId: (newId) => newId,
      });
      return ok({ id }, '新增成功');
    },
  );
  r.post(
    '/api/subsystem/update',
    {
      schema: {
        tags: ['subsystem'],
        summary: '修改子系统（需带 version）',
        body: subsystemUpdateBody,
        response: { 200: messageEnvelope },
      },
      config: { permission: 'subsystem.edit', audit: { module: AUDIT, kind: 'edit' } },
    },
    async (req) => {
      const auth = requireAuth(req);
      await req.tx((trx) => updateSubsystem(trx, req.body, auth.userId, clock.now()), {
        targetId: req.body.id,
      });
      return done('保存成功');
    },
  );
  // Credentials of signed calls (README.md in this folder). The secret is answered once and never again.
  r.post(
    '/api/subsystem/credentials/generate',
    {
      schema: {
        tags: ['subsystem'],
        summary: '生成接入凭据（App Key 与密钥；密钥仅此一次返回）',
        querystring: subsystemIdQuery,
        response: { 200: envelope(subsystemCredentials) },
      },
      config: { permission: 'subsystem.edit', audit: { module: AUDIT, kind: 'edit' } },
    },
    async (req) => {
      const auth = requireAuth(req);
      const creds = await req.tx((trx) => generateCredentials(trx, req.query.id, auth.userId, clock.now()), {
        targetId: req.query.id,
      });
      return ok(creds, '接入凭据已生成，请立即保存密钥');
    },
  );
  r.post(
    '/api/subsystem/credentials/rotate',
    {
      schema: {
        tags: ['subsystem'],
        summary: '重置密钥（App Key 不变，原密钥立即失效；新密钥仅此一次返回）',
        querystring: subsystemIdQuery,
        response: { 200: envelope(subsystemCredentials) },
      },
      config: { permission: 'subsystem.edit', audit: { module: AUDIT, kind: 'edit' } },
    },
    async (req) => {
      const auth = requireAuth(req);
      const creds = await req.tx((trx) => rotateCredentials(trx, req.query.id, auth.userId, clock.now()), {
        targetId: req.query.id,
      });
      return ok(creds, '密钥已重置，原密钥已失效，请立即保存新密钥');
    },
  );
  r.post(
    '/api/subsystem/credentials/revoke',
    {
      schema: {
        tags: ['subsystem'],
        summary: '吊销接入凭据',
        querystring: subsystemIdQuery,
        response: { 200: messageEnvelope },
      },
      config: { permission: 'subsystem.edit', audit: { module: AUDIT, kind: 'edit' } },
    },
    async (req) => {
      const auth = requireAuth(req);
      await req.tx((trx) => revokeCredentials(trx, req.query.id, auth.userId, clock.now()), {
        targetId: req.query.id,
      });
      return done('接入凭据已吊销');
    },
  );
  r.post(
    '/api/subsystem/delete',
    {
      schema: {
        tags: ['subsystem'],
        summary: '删除子系统',
        querystring: subsystemIdQuery,
        response: { 200: messageEnvelope },
      },
      config: { permission: 'subsystem.delete', audit: { module: AUDIT, kind: 'delete' } },
    },
    async (req) => {
      await req.tx((trx) => deleteSubsystem(trx, req.query.id), { targetId: req.query.id });
      return done('删除成功');
    },
  );
}
