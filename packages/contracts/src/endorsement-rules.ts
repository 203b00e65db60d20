/**
 * Rules of a period change (期间变更, domain 2.7 / 3.2) shared by the server (checked when the enterprise
 * applies and again when the insurer approves or the change takes effect) and the web form (shown before
 * anything is sent: '@aqzrx/contracts/constants'). Pure and zod-free; the overlap with the enterprise's other policies needs the database
 * and is checked by the server only.
 */
import { oneYearEnd } from './policy-rules.ts';

export interface PeriodChange {
  /** The policy's period now. */
  startDate: string;
  endDate: string;
  /** The period asked for. */
  newStart: string;
  newEnd: string;
  /** 批改生效日期 (within the current period; checked with every endorsement type). */
  effectiveDate: string;
  /** The China date the enterprise applied on: the reference for "not backdated" at every later check. */
  appliedOn: string;
}

/**
 * Problems of a period change, in Chinese, empty when fine:
 * - the period is at most one year and does not end before it starts;
 * - a policy whose cover has begun (on the application day, or before the change takes effect) keeps its
 *   start: a later start would take away cover already given and leave a gap from now until the new
 *   start; a policy not yet started may move its start later by a change effective on its start day;
 * - an earlier start is not before the application day (no backdated cover);
 * - the new end is not before the effective date (ending cover earlier is 退保/注销).
 */
export function periodChangeProblems(c: PeriodChange): string[] {
  const out: string[] = [];
  if (c.newStart === c.startDate && c.newEnd === c.endDate) out.push('请填写变更后的保险期间');
  if (c.newEnd < c.newStart) out.push('保险止期不能早于起期');
  else if (c.newEnd > oneYearEnd(c.newStart))
    out.push(`保险期间最长一年：起期 ${c.newStart} 的止期最晚为 ${oneYearEnd(c.newStart)}`);
  const begun = c.appliedOn >= c.startDate || c.effectiveDate > c.startDate;
  if (c.newStart > c.startDate && begun)
    out.push(
      `保单已于 ${c.startDate} 起保，保险起期不能推后到 ${c.newStart}（会使已保障的期间失去保障、出现脱保空档）；如需延长保障请只变更保险止期`,
    );
  if (c.newStart < c.startDate && c.newStart < c.appliedOn)
    out.push(`变更后的保险起期不能早于申请日 ${c.appliedOn}（不能追溯承保）`);
  if (c.newEnd < c.effectiveDate)
    out.push(`变更后的保险止期不能早于批改生效日期 ${c.effectiveDate}；提前终止保险请申请“退保/注销”`);
  return out;
}

/**
 * The refusal of a cancellation (退保/注销) while the enterprise is recorded as operating. 经营状态 of an
 * insured enterprise is locked in its own information and changed by the district regulator after
 * verification, so that is where the message sends the applicant.
 */
export const CANCEL_OPERATING_MESSAGE =
  '企业正常经营期间不能退保；仅依法关闭取缔或全面停产停业的企业可申请注销。如企业已关闭或停产，请联系属地监管部门核实并变更经营状态后再申请';

/** The refusal of a period that overlaps another policy of the enterprise (named with its period). */
export const periodOverlapMessage = (other: string) =>
  `变更后的保险期间与该企业其他保单重叠：${other}，请调整保险起止期使其不重叠`;

/** The refusal of a second open endorsement of one policy (one at a time, domain 3.3). */
export function openEndorsementMessage(open: {
  endorsementNo: string;
  status: string;
  effectiveDate: string;
}): string {
  return open.status === 'applied'
    ? `该保单有待审核的批改申请（${open.endorsementNo}），请等待审核或撤回该申请后再申请`
    : `该保单有已审核通过、将于 ${open.effectiveDate} 生效的批改（${open.endorsementNo}），请在其生效后再申请`;
}
