import { PREVENTION_MESSAGES, type ProjectState } from '@aqzrx/contracts';
import { conflict } from '../../platform/errors.ts';

/**
 * Plan state machine (domain 3.5, spec 4): 0 待服务 → 1 服务中 (record draft saved) → 2 已完成 (record
 * submitted, read-only). Before the visit the enterprise confirms items and time (visit state
 * unconfirmed → confirmed; a changed time asks again). Which actions each state allows:
 */
export type PlanAction =
  | 'edit'
  | 'confirmVisit'
  | 'saveRecord'
  | 'submitRecord'
  | 'confirmRecord'
  | 'followUp';
export interface PlanState {
  status: number;
  visitState: 'unconfirmed' | 'confirmed';
  recordState: 'draft' | 'submitted' | 'confirmed' | null;
  followedUp: boolean;
}

/** Why `action` is not allowed in state `s` (null when it is): one table for the service and the tests. */
export function planActionProblem(s: PlanState, action: PlanAction): string | null {
  const open = s.recordState === null || s.recordState === 'draft';
  switch (action) {
    case 'edit':
      return open ? null : '服务记录已提交，服务计划不能再修改';
    case 'confirmVisit':
      if (!open) return '服务已完成，无需确认服务时间';
      return s.visitState === 'unconfirmed' ? null : '已确认过服务项目和时间';
    case 'saveRecord':
    case 'submitRecord':
      return open ? null : PREVENTION_MESSAGES.readOnly;
    case 'confirmRecord':
      if (s.recordState === 'confirmed') return '服务记录已确认';
      return s.recordState === 'submitted' ? null : '服务记录尚未提交，不能确认';
    case 'followUp':
      if (s.followedUp) return '该服务已回访';
      return s.recordState === 'submitted' || s.recordState === 'confirmed' ? null : '服务记录提交后才能回访';
  }
}

export function assertPlanAction(s: PlanState, action: PlanAction): void {
  const p = planActionProblem(s, action);
  if (p) throw conflict(p);
}

/** What a project's agreed items and its plans are: the input of the project state (domain 3.5). */
export interface ProjectProgress {
  items: Array<{ item: string; subType: string | null; frequency: number }>;
  plans: Array<{ item: string; subType: string | null; n: number; done: number }>;
}

/**
 * The stored project state (domain 3.5): 1 待制定计划 without plans, 2 进行中 once a plan exists, 3 已完成
 * when every plan is completed and each agreed item has reached its frequency. (A period that ended shows
 * 3 at read time: effectiveProjectState.)
 */
export function projectStateFor(p: ProjectProgress): ProjectState {
  const total = p.plans.reduce((s, x) => s + x.n, 0);
  if (total === 0) return 1;
  const done = p.plans.reduce((s, x) => s + x.done, 0);
  const reached = p.items.every(
    (i) =>
      p.plans
        .filter((x) => x.item === i.item && (i.subType === null || x.subType === i.subType))
        .reduce((s, x) => s + x.done, 0) >= i.frequency,
  );
  return done === total && reached ? 3 : 2;
}

/** Why a plan cannot be added to a project in (effective) state `s`, or null. */
export function addPlanProblem(s: ProjectState): string | null {
  return s === 3 ? '项目已完成或已到期，不能再制定服务计划' : null;
}
