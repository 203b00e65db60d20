import {
  dateOrDateTime,
  envelope,
  paged,
  pageQuery,
  pushLogQuery,
  pushLogRow,
  requestLogQuery,
  requestLogRow,
} from '@aqzrx/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/envelope.ts';
import { registerRequestLog } from '../../platform/request-log.ts';
import { searchLogs, searchPushLogs, searchRequestLogs } from './logs.service.ts';

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

const logRow = z.object({
  id: z.number(),
  createdAt: z.string(),
  userId: z.number().nullable(),
  username: z.string(),
  roleKey: z.string(),
  orgName: z.string(),
  module: z.string(),
  kind: z.string(),
  method: z.string(),
  path: z.string(),
  params: z.string(),
  targetId: z.string(),
  ip: z.string(),
  durationMs: z.number(),
  outcome: z.string(),
  errorMsg: z.string(),
  requestId: z.string(),
});

export function logsRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/log/sysLogs/searchLogList.json',
    {
      schema: {
        tags: ['log'],
        summary: '操作日志分页查询（只读）',
        querystring: logQuery,
        response: { 200: envelope(paged(logRow)) },
      },
      config: { permission: 'log.query' },
    },
    async (req) => ok(await searchLogs(app.db, req.query)),
  );

  // Every /api request is written to sys_request_log; the purge job keeps 180 days.
  registerRequestLog(app);

  r.post(
    '/api/request-log/list',
    {
      schema: {
        tags: ['log'],
        summary: '请求日志分页查询（只读，保留180天）',
        querystring: requestLogQuery,
        response: { 200: envelope(paged(requestLogRow)) },
      },
      config: { permission: 'log.query' },
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
      config: { permission: 'log.query' },
    },
    async (req) => ok(await searchPushLogs(app.db, req.query)),
  );
}
