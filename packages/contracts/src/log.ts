import { z } from 'zod';
import { pageQuery } from './envelope.ts';
import { PUSH_STATUS } from './log-options.ts';
import { dateOrDateTime } from './user.ts';

export const requestLogQuery = pageQuery
  .extend({
    /** Matches paths containing this text. */
    path: z.string().trim().max(300).optional(),
    method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']).optional(),
    status: z.coerce
      .number()
      .int('状态码须为100至599之间的整数')
      .min(100, '状态码须为100至599之间的整数')
      .max(599, '状态码须为100至599之间的整数')
      .optional(),
    userId: z.coerce
      .number()
      .int('用户编号须为不小于1的整数')
      .positive('用户编号须为不小于1的整数')
      .optional(),
    startTime: dateOrDateTime.optional(),
    endTime: dateOrDateTime.optional(),
  })
  .strict();

/** One operation-log row (/api/log/sysLogs/searchLogList.json). */
export const opLogRow = z.object({
  id: z.number(),
  createdAt: z.string(),
  userId: z.number().nullable(),
  username: z.string(),
  roleKey: z.string(),
  orgName: z.string(),
  module: z.string(),
  kind: z.string(),
  /** What was done, by name (the route's declared summary), e.g. 用户分页查询. */
  operation: z.string(),
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
export type OpLogRow = z.infer<typeof opLogRow>;

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
export type RequestLogRow = z.infer<typeof requestLogRow>;

export const pushLogQuery = pageQuery
  .extend({
    targetSystem: z.string().trim().max(64).optional(),
    dataKind: z.string().trim().max(64).optional(),
    recordId: z.string().trim().max(64).optional(),
    status: z.enum(PUSH_STATUS.values).optional(),
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
export type PushLogRow = z.infer<typeof pushLogRow>;

/** The audit administrator's check of the operation log's tamper-evident chain (security.md L03, Z04). */
export const logChainCheck = z.object({
  ok: z.boolean(),
  /** Rows checked (all of them when ok; those before the first failing row otherwise). */
  checked: z.number().int(),
  /** The retention purge's anchor the walk started after (0: from the first row ever written). */
  anchorId: z.number().int(),
  lastId: z.number().int(),
  /** The first row whose link does not hold, with its time (null when rows at the end are missing). */
  breakId: z.number().int().nullable(),
  breakAt: z.string().nullable(),
  /** The verifier's report in words (the same text as npm run logs:verify). */
  message: z.string(),
});
export type LogChainCheck = z.infer<typeof logChainCheck>;
