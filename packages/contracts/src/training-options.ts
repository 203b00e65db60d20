/** Zod-free option lists and rules of training sessions (培训, service item 01; issue 13). */
import { defineOptions, type OptionValue } from './options.ts';

/** How a session is held (domain 2.10 type 01: 服务形式). */
export const TRAINING_MODES = defineOptions([
  { value: 'offline', label: '线下' },
  { value: 'online', label: '线上' },
]);
export type TrainingMode = OptionValue<typeof TRAINING_MODES>;

/** Stored state of a session: published (sign-up open until it starts), completed (attendance recorded), cancelled. */
export const TRAINING_STATUS = defineOptions([
  { value: 'published', label: '已发布', color: 'processing' },
  { value: 'completed', label: '已完成', color: 'success' },
  { value: 'cancelled', label: '已取消', color: 'default' },
]);
export type TrainingStatus = OptionValue<typeof TRAINING_STATUS>;

/**
 * What a session is now, as the lists show it: 报名中 (published, not started, seats left), 名额已满, 进行中
 * (started, not ended), 待登记 (ended, attendance not recorded), 已完成, 已取消.
 */
export const TRAINING_PHASES = defineOptions([
  { value: 'open', label: '报名中', color: 'processing' },
  { value: 'full', label: '名额已满', color: 'warning' },
  { value: 'ongoing', label: '进行中', color: 'processing' },
  { value: 'toRecord', label: '待登记', color: 'warning' },
  { value: 'completed', label: '已完成', color: 'success' },
  { value: 'cancelled', label: '已取消', color: 'default' },
]);
export type TrainingPhase = OptionValue<typeof TRAINING_PHASES>;

/** An enterprise's sign-up: signed (holds its seats) or cancelled by the enterprise before the start. */
export const TRAINING_SIGNUP_STATUS = defineOptions([
  { value: 'signed', label: '已报名', color: 'processing' },
  { value: 'cancelled', label: '已取消', color: 'default' },
]);
export type TrainingSignUpStatus = OptionValue<typeof TRAINING_SIGNUP_STATUS>;

/** The enterprise list views of /api/training/list: open sessions it may join, or its own sign-ups. */
export const TRAINING_VIEWS = defineOptions([
  { value: 'open', label: '可报名培训' },
  { value: 'mine', label: '我的报名' },
]);
export type TrainingView = OptionValue<typeof TRAINING_VIEWS>;

/** Limits of the session fields (the same on server and forms). */
export const TRAINING_LIMITS = {
  /** 名额: persons in total over all sign-ups. */
  capacity: { min: 1, max: 10_000, decimals: 0 },
  /** 报名人数 of one enterprise. */
  participants: { min: 1, max: 500, decimals: 0 },
  /** 实到人数 of one enterprise. */
  attendees: { min: 0, max: 500, decimals: 0 },
  /** Files of a session's materials or photos. */
  files: 20,
} as const;

/** The phase of a session at `now` (TRAINING_PHASES). */
export function trainingPhase(
  s: { status: TrainingStatus; startsAt: Date; endsAt: Date; capacity: number; signedParticipants: number },
  now: Date,
): TrainingPhase {
  if (s.status === 'cancelled') return 'cancelled';
  if (s.status === 'completed') return 'completed';
  if (now >= s.endsAt) return 'toRecord';
  if (now >= s.startsAt) return 'ongoing';
  return s.signedParticipants >= s.capacity ? 'full' : 'open';
}

/** The refusal of a sign-up beyond the seats left. */
export function trainingCapacityMessage(capacity: number, taken: number, wanted: number): string {
  const left = Math.max(0, capacity - taken);
  return left === 0
    ? `名额已满：本场培训共${capacity}个名额，已全部报满`
    : `名额不足：本场培训共${capacity}个名额，已报名${taken}人，剩余${left}个，本次报名${wanted}人，请减少报名人数`;
}
