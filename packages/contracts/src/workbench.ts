import { z } from 'zod';
import { portalStats } from './auth.ts';
import { consultItem } from './consult.ts';
import { opLogRow } from './log.ts';

/**
 * POST /api/workbench/admin: every figure of the operations admin's workbench (运营中心 › 工作台) in one
 * answer. A section is absent when the caller does not hold what its list needs (the card is not shown),
 * and null when the server could not compute it (the card shows the figure as unavailable).
 */
const section = <T extends z.ZodTypeAny>(s: T) => s.nullable().optional();

export const workbenchAdmin = z.object({
  /** User accounts (the user list's totals): all, disabled (status 2), enterprise info incomplete (3). */
  users: section(
    z.object({ total: z.number().int(), disabled: z.number().int(), incomplete: z.number().int() }),
  ),
  /** Consultations awaiting an answer (status 0): how many, and the newest few. */
  consults: section(z.object({ total: z.number().int(), list: z.array(consultItem) })),
  /** Notices: published and drafts. */
  notices: section(z.object({ published: z.number().int(), drafts: z.number().int() })),
  /** The public portal's figures, from the same providers as /api/public/portalStats (null: unavailable). */
  portal: z.object({
    items: z.array(portalStats.shape.items.element.extend({ value: z.number().nullable() })),
  }),
  computedAt: z.string(),
});
export type WorkbenchAdmin = z.infer<typeof workbenchAdmin>;

/**
 * POST /api/workbench/audit: the audit administrator's overview (安全审计 › 审计概览): today's failed sign-ins and
 * operations with the newest operation-log rows (the rows its log list shows: not the audit administrators'
 * own), and the request log's figures. Sections as in workbenchAdmin.
 */
export const workbenchAudit = z.object({
  /** Today's failed operations (China day) and the newest operation-log rows. */
  opLogs: section(
    z.object({ loginFails: z.number().int(), fails: z.number().int(), recent: z.array(opLogRow) }),
  ),
  /** Today's requests, the failed ones by status, and the last seven China days (oldest first). */
  requests: section(
    z.object({
      today: z.number().int(),
      errors: z.number().int(),
      /** errors / today, 0..1 (0 without requests). */
      errorRate: z.number(),
      errorsByStatus: z.array(z.object({ status: z.number().int(), count: z.number().int() })),
      week: z.array(z.object({ day: z.string(), count: z.number().int() })),
    }),
  ),
  computedAt: z.string(),
});
export type WorkbenchAudit = z.infer<typeof workbenchAudit>;
