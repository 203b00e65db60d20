/**
 * The roster of an add/remove/replace endorsement (domain 2.7 roster delta, 2.6 人员清单), zod-free so
 * the web form checks it with the same rules and messages as the server.
 */
import { defineOptions, type OptionValue } from './options.ts';
import { isValidIdCard } from './validators.ts';

export const ROSTER_DIRECTIONS = defineOptions([
  { value: 'in', label: '加入' },
  { value: 'out', label: '减少' },
]);
export type RosterDirection = OptionValue<typeof ROSTER_DIRECTIONS>;

/** At most this many persons in one endorsement. */
export const ROSTER_MAX = 500;

export const ROSTER_ID_MESSAGE = '身份证号码格式或校验位不正确，请核对18位号码';

/** One roster line as typed (any field may still be missing). */
export interface RosterLine {
  direction?: string | undefined;
  name?: string | undefined;
  idType?: string | undefined;
  idNo?: string | undefined;
  position?: string | undefined;
}

/** The comparable form of an ID number: trimmed, upper case (a trailing x of a 居民身份证 is X). */
export function rosterIdKey(idNo: string | undefined | null): string {
  return (idNo ?? '').trim().toUpperCase();
}

/** The message for a repeated ID number (line numbers counted from 1). */
export function rosterDuplicateMessage(index: number, first: number): string {
  return `第${index + 1}人的证件号码与第${first + 1}人重复，同一人只能填写一次`;
}

/**
 * Lines whose ID number appeared on an earlier line (in either direction: one person cannot both
 * leave and join in one request), with the index of that earlier line.
 */
export function rosterDuplicates(
  list: readonly RosterLine[] | undefined,
): Array<{ index: number; first: number }> {
  const seen = new Map<string, number>();
  const out: Array<{ index: number; first: number }> = [];
  for (const [i, p] of (list ?? []).entries()) {
    const id = rosterIdKey(p?.idNo);
    if (!id) continue;
    const first = seen.get(id);
    if (first === undefined) seen.set(id, i);
    else out.push({ index: i, first });
  }
  return out;
}

/**
 * Problems of a roster, as {index, field, message}: names 2-20 characters, an ID number for everyone,
 * valid by GB 11643 for ID type 01 (居民身份证, the default), and no ID number twice in one request.
 */
export function rosterProblems(
  list: readonly RosterLine[] | undefined,
): Array<{ index: number; field: 'name' | 'idNo'; message: string }> {
  const out: Array<{ index: number; field: 'name' | 'idNo'; message: string }> = [];
  const dup = new Map(rosterDuplicates(list).map((d) => [d.index, d.first]));
  for (const [i, p] of (list ?? []).entries()) {
    const n = (p?.name ?? '').trim();
    const id = rosterIdKey(p?.idNo);
    if (n.length < 2 || n.length > 20)
      out.push({ index: i, field: 'name', message: `第${i + 1}人：姓名须为2-20个字` });
    if (!id) out.push({ index: i, field: 'idNo', message: `第${i + 1}人：请输入证件号码` });
    else if ((p?.idType ?? '01') === '01' && !isValidIdCard(id))
      out.push({ index: i, field: 'idNo', message: `第${i + 1}人：${ROSTER_ID_MESSAGE}` });
    else if (dup.has(i))
      out.push({ index: i, field: 'idNo', message: rosterDuplicateMessage(i, dup.get(i)!) });
  }
  return out;
}
