import {
  dateOrDateTime,
  envelope,
  formatChinaTime,
  LOG_KIND_OPTIONS,
  logChainCheck,
  opLogRow,
  paged,
  pageQuery,
  pushLogQuery,
  pushLogRow,
  requestLogQuery,
  requestLogRow,
  roleDisplayName,
  xlsxResponse,
} from '@aqzrx/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthContext } from '../../platform/context.ts';
import { ok } from '../../platform/envelope.ts';
import { forbidden } from '../../platform/errors.ts';
import { type ApiRoute, operationName, requireAuth } from '../../platform/http.ts';
import { describeVerification, logHmacKey, verifyOperLogChain } from '../../platform/log-chain.ts';
import { registerRequestLog } from '../../platform/request-log.ts';
import { buildXlsx, sendXlsx } from '../../platform/xlsx.ts';
import { logScope, logsForExport, searchLogs, searchPushLogs, searchRequestLogs } from './log.service.ts';

export const logQuery = pageQuery
  .extend({
    kind: z
      .enum([
        'all',
        'query',
        'add',
        'edit',
        'delete',
        'login',
        'logout',
        'export',
        'import',
        'enable',
        'disable',
        'get',
        'security',
      ])
      .default('all'),
    username: z.string().trim().max(64).optional(),
    module: z.string().trim().max(64).optional(),
    outcome: z.enum(['success', 'fail']).optional(),
    startTime: dateOrDateTime.optional(),
    endTime: dateOrDateTime.optional(),
  })
  .strict();

/**
 * Names a log row's operation for people: the name its route declares (its summary, see operationName),
 * or, for a row whose route no longer exists or declares none, its module and kind (用户管理 · 查询).
 */
export function operationNamer(apiRoutes: readonly ApiRoute[]) {
  let byRoute: Map<string, string> | undefined;
  return (row: { method: string; path: string; module: string; kind: string }): string => {
    // Built on first use: every route has registered by then.
    byRoute ??= new Map(apiRoutes.map((a) => [`${a.method} ${a.url}`, operationName(a.summary)]));
    const named = byRoute.get(`${row.method} ${row.path}`);
    if (named) return named;
    const kind = LOG_KIND_OPTIONS.label(row.kind);
    return [row.module, kind].filter(Boolean).join(' · ') || '其他操作';
  };
}

export function logsRoutes(app: FastifyInstance, apiRoutes: readonly ApiRoute[]): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const nameOf = operationNamer(apiRoutes);
  const requireLogScope = async (auth: AuthContext, action: 'query' | 'export') => {
    const scope = await logScope(app.db, auth, action);
    if (!scope) throw forbidden();
    return scope;
  };
  r.post(
    '/api/log/sysLogs/searchLogList.json',
    {
      schema: {
        tags: ['log'],
        summary: '操作日志分页查询（只读）',
        querystring: logQuery,
        response: { 200: envelope(paged(opLogRow)) },
      },
      // log.query (an organisation's or district's rows, the security admin's auditors' rows) or audit.query
      // (the audit admin: every row but its own duty's); logScope refuses anyone holding neither.
      config: { permission: 'authenticated', audit: { module: '操作日志', kind: 'query' } },
    },
    async (req) => {
      const page = await searchLogs(app.db, req.query, await requireLogScope(requireAuth(req), 'query'));
      return ok({ ...page, list: page.list.map((row) => ({ ...row, operation: nameOf(row) })) });
    },
  );

  r.post(
    '/api/log/sysLogs/searchLogListByExcl.json',
    {
      schema: {
        tags: ['log'],
        summary: '按查询条件导出操作日志（.xlsx，最多50000行，只读）',
        querystring: logQuery.omit({ pageNo: true, pageSize: true }),
        response: { 200: xlsxResponse('操作日志 .xlsx') },
      },
      config: { permission: 'authenticated', audit: { module: '操作日志', kind: 'export' } },
    },
    async (req, reply) => {
      const scope = await requireLogScope(requireAuth(req), 'export');
      const rows = await req.tx((trx) => logsForExport(trx, req.query, scope), {
        targetId: (list) => `rows=${list.length}`,
      });
      const buf = await buildXlsx<(typeof rows)[number]>(
        '操作日志',
        [
          { header: '时间', width: 20, value: (l) => formatChinaTime(l.createdAt, 'second') },
          { header: '用户', width: 16, value: (l) => l.username },
          { header: '角色', width: 18, value: (l) => (l.roleKey ? roleDisplayName(l.roleKey) : '') },
          { header: '所属机构', width: 30, value: (l) => l.orgName },
          { header: '模块', width: 14, value: (l) => l.module },
          { header: '操作类型', width: 10, value: (l) => LOG_KIND_OPTIONS.label(l.kind) || l.kind },
          { header: '操作', width: 24, value: (l) => nameOf(l) },
          { header: '请求', width: 40, value: (l) => `${l.method} ${l.path}` },
          { header: '对象', width: 14, value: (l) => l.targetId },
          { header: '结果', width: 8, value: (l) => (l.outcome === 'fail' ? '失败' : '成功') },
          { header: '错误信息', width: 30, value: (l) => l.errorMsg },
          { header: 'IP', width: 16, value: (l) => l.ip },
          { header: '耗时(ms)', width: 10, value: (l) => l.durationMs },
        ],
        rows,
      );
      return sendXlsx(
        reply.header('x-export-rows', String(rows.length)),
        '操作日志.xlsx',
        buf,
        'operation-logs.xlsx',
      );
    },
  );

  // Every /api request is written to sys_request_log; the purge job keeps 180 days.
  registerRequestLog(app, { operRetentionDays: app.deps.config.OPER_LOG_RETENTION_DAYS });

  r.post(
    '/api/request-log/list',
    {
      schema: {
        tags: ['log'],
        summary: '请求日志分页查询（只读，保留180天）',
        querystring: requestLogQuery,
        response: { 200: envelope(paged(requestLogRow)) },
      },
      // Platform-wide data: the audit administrator's (三权分立).
      config: { permission: 'audit.query', audit: { module: '请求日志', kind: 'query' } },
    },
    async (req) => ok(await searchRequestLogs(app.db, req.query)),
  );

  r.post(
    '/api/requestpushlog/findAll',
    {
      schema: {
        tags: ['log'],
        summary: '数据推送日志分页查询（只读）',
        querystring: pushLogQuery,
        response: { 200: envelope(paged(pushLogRow)) },
      },
      config: { permission: 'audit.query', audit: { module: '推送日志', kind: 'query' } },
    },
    async (req) => ok(await searchPushLogs(app.db, req.query)),
  );

  r.post(
    '/api/log/sysLogs/verifyChain.json',
    {
      schema: {
        tags: ['log'],
        summary: '校验操作日志防篡改链（审计管理员，只读）',
        response: { 200: envelope(logChainCheck) },
      },
      config: {
        permission: 'audit.get',
        audit: { module: '操作日志', kind: 'get' },
        // Walks the whole log: a few checks a minute are plenty.
        rateLimit: { max: 5, timeWindow: 60_000 },
      },
    },
    async () => {
      const v = await verifyOperLogChain(app.db, logHmacKey(app.deps.config.LOG_HMAC_KEY));
      return ok({
        ok: v.ok,
        checked: v.checked,
        anchorId: v.anchorId,
        lastId: v.lastId,
        breakId: v.break?.id ?? null,
        breakAt: v.break?.createdAt ? v.break.createdAt.toISOString() : null,
        message: describeVerification(v),
      });
    },
  );
}
