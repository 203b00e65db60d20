/** Zod-free option lists of endorsements (批改, domain 2.7, 3.3). */
import { defineOptions, type OptionValue } from './options.ts';

export const ENDORSEMENT_TYPES = defineOptions([
  { value: '01', label: '加人' },
  { value: '02', label: '减人' },
  { value: '03', label: '换人' },
  { value: '04', label: '信息变更' },
  { value: '05', label: '保额/限额变更' },
  { value: '06', label: '期间变更' },
  { value: '07', label: '一般批改' },
  { value: '08', label: '退保/注销' },
]);
export type EndorsementType = OptionValue<typeof ENDORSEMENT_TYPES>;

/**
 * Endorsement states of domain 3.3: 申请 (applied) → 审核通过 → 生效 on the endorsement's effective date, or
 * 退回 (returned). An approval dated in the future waits (awaiting) until the daily job applies it on that
 * date; `approved` is the state of an endorsement whose change is in the policy. The enterprise may
 * withdraw (撤回) its own application while it waits for review (`withdrawn`, terminal like returned).
 */
export const ENDORSEMENT_STATUS = defineOptions([
  { value: 'applied', label: '待审核', color: 'processing' },
  { value: 'awaiting', label: '审核通过待生效', color: 'cyan' },
  { value: 'approved', label: '已生效', color: 'success' },
  { value: 'returned', label: '已退回', color: 'error' },
  { value: 'withdrawn', label: '已撤回', color: 'default' },
]);
export type EndorsementStatus = OptionValue<typeof ENDORSEMENT_STATUS>;
