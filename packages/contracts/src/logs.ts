import { z } from 'zod';
import { pageQuery } from './envelope.ts';
import type { Option } from './options.ts';
import { dateOrDateTime } from './users.ts';

/** Request logs are kept at least this long (security.md L04, CSL art. 21). */
export const LOG_RETENTION_DAYS = 180;

export const requestLogQuery = pageQuery
  .extend({
    /** Matches paths containing this text. */
    path: z.string().trim().max(300).optional(),
    method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']).optional(),
    status: z.coerce.number().int().min(100, 'status 为100-599').max(599, 'status 为100-599').optional(),
    userId: z.coerce.number().int().positive().optional(),
    startTime: dateOrDateTime.optional(),
    endTime: dateOrDateTime.optional(),
  })
  .strict();

export const requestLogRow = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  method: z.string(),
  path: z.string(),
  status: z.number().int(),
  durationMs: z.number().int(),
  userId: z.number().int().nullable(),
  username: z.string(),
  ip: z.string(),
  requestId: z.string(),
});

export const PUSH_STATUS: Option<string>[] = [
  { value: 'pending', label: '待推送', color: 'default' },
  { value: 'success', label: '成功', color: 'success' },
  { value: 'fail', label: '失败', color: 'error' },
];

export const pushLogQuery = pageQuery
  .extend({
    targetSystem: z.string().trim().max(64).optional(),
    dataKind: z.string().trim().max(64).optional(),
    recordId: z.string().trim().max(64).optional(),
    status: z.enum(['pending', 'success', 'fail']).optional(),
    startTime: dateOrDateTime.optional(),
    endTime: dateOrDateTime.optional(),
  })
  .strict();

export const pushLogRow = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  targetSystem: z.string(),
  dataKind: z.string(),
  recordId: z.string(),
  payloadSummary: z.string(),
  status: z.string(),
  statusLabel: z.string(),
  responseCode: z.number().int().nullable(),
  attempts: z.number().int(),
  errorMsg: z.string(),
  updatedAt: z.string(),
});
