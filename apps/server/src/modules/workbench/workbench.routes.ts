import { envelope, workbenchAdmin, workbenchAudit } from '@aqzrx/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope.ts';
import { notFound } from '../../platform/errors.ts';
import type { ApiRoute } from '../../platform/http.ts';
import { requireAuth } from '../../platform/http.ts';
import { holdsScreen, operationNamer } from '../log/index.ts';
import { adminWorkbench, auditWorkbench } from './workbench.service.ts';

/**
 * The operations admin's workbench (运营中心 › 工作台, AdminIndex) in one request. Its resource's permission
 * is `dashboard.query`, which the insurers' and service organisations' workbenches share: a role without
 * the AdminIndex screen is answered 404, like a page it does not have.
 */
export function workbenchRoutes(app: FastifyInstance, apiRoutes: readonly ApiRoute[]): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { clock } = app.deps;
  const nameOf = operationNamer(apiRoutes);

  r.post(
    '/api/workbench/admin',
    {
      schema: {
        tags: ['workbench'],
        summary: '运营中心工作台的全部统计（用户、咨询、通知、门户统计；一次请求、一个事务）',
        response: { 200: envelope(workbenchAdmin) },
      },
      config: { permission: 'dashboard.query' },
    },
    async (req) => {
      const auth = requireAuth(req);
      if (!(await holdsScreen(app.db, auth.roleId, ['AdminIndex']))) throw notFound();
      return ok(
        await adminWorkbench(
          { db: app.db, portalStats: app.portalStats, now: clock.now(), log: req.log, nameOf },
          auth,
        ),
      );
    },
  );

  r.post(
    '/api/workbench/audit',
    {
      schema: {
        tags: ['workbench'],
        summary:
          '审计概览：今日登录与操作失败、最近操作日志、请求量与异常请求（审计管理员；一次请求、一个事务）',
        response: { 200: envelope(workbenchAudit) },
      },
      config: { permission: 'audit.query', audit: { module: '审计概览', kind: 'query' } },
    },
    async (req) =>
      ok(
        await auditWorkbench(
          { db: app.db, portalStats: app.portalStats, now: clock.now(), log: req.log, nameOf },
          requireAuth(req),
        ),
      ),
  );
}
