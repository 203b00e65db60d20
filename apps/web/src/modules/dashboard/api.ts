import type { WorkbenchAdmin, WorkbenchAudit } from '@aqzrx/contracts';
import { fetchData } from '../../platform/request.ts';

/**
 * The operations admin's workbench reads every figure in one call (POST /api/workbench/admin): the server
 * counts them in one transaction, each the total of the list its card links to, and the portal strip's
 * figures from the same providers as the public portal.
 */
export const ADMIN_HOME_API = {
  workbench: '/workbench/admin',
  audit: '/workbench/audit',
} as const;

/** Screens the workbench links to, by component name (a link shows only when the role holds the screen). */
export type AdminScreen =
  | 'UserSearch'
  | 'UserAdd'
  | 'RoleManage'
  | 'AdminSetting'
  | 'AdminNotice'
  | 'AdminConsult'
  | 'AdminMessage'
  | 'AdminLog'
  | 'RequestLog';

export type { OpLogRow, WorkbenchAdmin, WorkbenchAudit } from '@aqzrx/contracts';

/**
 * The dashboard reads quietly: a failed call shows its figures as unavailable instead of a notice. A
 * section the server could not compute is null (unavailable); one the role does not hold is absent.
 */
export const loadWorkbench = () =>
  fetchData<WorkbenchAdmin>(ADMIN_HOME_API.workbench, { method: 'POST', skipErrorHandler: true });

/** The audit administrator's overview (POST /api/workbench/audit): the logs' figures, in one call. */
export const loadAuditOverview = () =>
  fetchData<WorkbenchAudit>(ADMIN_HOME_API.audit, { method: 'POST', skipErrorHandler: true });
