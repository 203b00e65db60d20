import { HAZARD_LEVEL, RECTIFY, RECTIFY_STATUS } from '@aqzrx/contracts';
import { conflict } from '../../platform/errors.ts';

/**
 * The rectification machine (domain 3.6, spec 4 codes): −1 待整改 → (enterprise submits) 0 待审核 →
 * (checker passes) 1 已完成 | (checker rejects with a reason) 2 已驳回 → (enterprise resubmits, a rework)
 * 0 待审核. A "fix immediately" hazard is registered straight in 0. A major hazard cannot pass review
 * before its governance plan exists; its plan can be written while it is not completed.
 */
export type HazardAction = 'rectify' | 'pass' | 'reject' | 'governancePlan';

export interface HazardState {
  rectifyStatus: number;
  level: number;
  hasGovernancePlan: boolean;
}

const statusLabel = (s: number) => RECTIFY_STATUS.label(s) || String(s);

/** Why `action` is not allowed in state `s` (null when it is): one table for the service and the tests. */
export function hazardActionProblem(s: HazardState, action: HazardAction): string | null {
  const now = `该隐患当前为“${statusLabel(s.rectifyStatus)}”`;
  switch (action) {
    case 'rectify':
      return s.rectifyStatus === RECTIFY.toRectify || s.rectifyStatus === RECTIFY.rejected
        ? null
        : `${now}，不能提交整改`;
    case 'pass':
      if (s.rectifyStatus !== RECTIFY.toReview) return `${now}，不能复查`;
      if (s.level === HAZARD_LEVEL.major && !s.hasGovernancePlan)
        return '重大隐患须先由企业制定治理方案，才能通过验收';
      return null;
    case 'reject':
      return s.rectifyStatus === RECTIFY.toReview ? null : `${now}，不能复查`;
    case 'governancePlan':
      if (s.level !== HAZARD_LEVEL.major) return '只有重大隐患需要制定治理方案';
      return s.rectifyStatus === RECTIFY.completed ? `${now}，治理方案不能再修改` : null;
  }
}

export function assertHazardAction(s: HazardState, action: HazardAction): void {
  const p = hazardActionProblem(s, action);
  if (p) throw conflict(p);
}

/** The status an action leads to. */
export function statusAfter(action: Exclude<HazardAction, 'governancePlan'>): number {
  if (action === 'rectify') return RECTIFY.toReview;
  return action === 'pass' ? RECTIFY.completed : RECTIFY.rejected;
}

/** The status a hazard is registered in: 0 待审核 when fixed immediately, else −1 待整改. */
export function initialStatus(fixImmediately: boolean): number {
  return fixImmediately ? RECTIFY.toReview : RECTIFY.toRectify;
}

/** A major hazard takes time (16号令 Art. 3): it cannot be "fixed immediately". */
export function registrationProblem(h: { level: number; fixImmediately: boolean }): string | null {
  return h.level === HAZARD_LEVEL.major && h.fixImmediately
    ? '重大隐患不能选择立即整改，请设定限时整改日期并制定治理方案'
    : null;
}
