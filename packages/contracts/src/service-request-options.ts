/** Zod-free option lists and the state machine of enterprises' service requests (服务需求; issue 13). */
import { defineOptions, type OptionValue } from './options.ts';

/**
 * 待处理 → 已受理 (the insurer accepts) → 已安排 (a service plan made from it); 待处理 → 已拒绝 (with the
 * reason); 待处理 → 已撤回 (the enterprise withdraws it).
 */
export const SERVICE_REQUEST_STATUS = defineOptions([
  { value: 'pending', label: '待处理', color: 'warning' },
  { value: 'accepted', label: '已受理', color: 'processing' },
  { value: 'declined', label: '已拒绝', color: 'error' },
  { value: 'scheduled', label: '已安排', color: 'success' },
  { value: 'withdrawn', label: '已撤回', color: 'default' },
]);
export type ServiceRequestStatus = OptionValue<typeof SERVICE_REQUEST_STATUS>;

export type ServiceRequestAction = 'accept' | 'decline' | 'withdraw' | 'schedule';

const TRANSITIONS: Record<
  ServiceRequestStatus,
  Partial<Record<ServiceRequestAction, ServiceRequestStatus>>
> = {
  pending: { accept: 'accepted', decline: 'declined', withdraw: 'withdrawn' },
  accepted: { schedule: 'scheduled' },
  declined: {},
  scheduled: {},
  withdrawn: {},
};

/** The state a request moves to by `action`, or null when the action is not allowed in `status`. */
export function serviceRequestTransition(
  status: ServiceRequestStatus,
  action: ServiceRequestAction,
): ServiceRequestStatus | null {
  return TRANSITIONS[status][action] ?? null;
}

/** Why an action is refused in a state (409 message). */
export function serviceRequestRefusal(status: ServiceRequestStatus, action: ServiceRequestAction): string {
  const what = { accept: '受理', decline: '拒绝', withdraw: '撤回', schedule: '安排服务计划' }[action];
  return `服务需求当前为“${SERVICE_REQUEST_STATUS.label(status)}”，不能${what}`;
}

/** The request number people quote: XQ + China date of submission + the id. */
export function serviceRequestNo(id: number, chinaDay: string): string {
  return `XQ${chinaDay.replaceAll('-', '')}${String(id).padStart(6, '0')}`;
}
