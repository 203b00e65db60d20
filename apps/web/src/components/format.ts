/** Formatting shared by the feature screens: option lists for ProTable, dates, money (spec 9). */
import dayjs from 'dayjs';
import { thousands } from './text.ts';

/** ProTable `valueEnum` from an option list: [{ value: 1, label: '正常' }] → { '1': { text: '正常' } }. */
export function valueEnumOf(
  opts: readonly { value: string | number; label: string }[],
): Record<string, { text: string }> {
  return Object.fromEntries(opts.map((o) => [String(o.value), { text: o.label }]));
}

/** A date (ISO string) as YYYY-MM-DD; '-' when there is none. */
export const dateText = (v: string | null | undefined): string => (v ? dayjs(v).format('YYYY-MM-DD') : '-');

/** A time (ISO string) as YYYY-MM-DD HH:mm; '-' when there is none. */
export const dateTimeText = (v: string | null | undefined): string =>
  v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '-';

/** Yuan with thousands separators and two decimals: 1234567.5 → '1,234,567.50 元' ('1,234,567.50' without unit). */
export function yuan(n: number | string | null | undefined, unit = true): string {
  if (n === null || n === undefined || n === '' || !Number.isFinite(Number(n))) return '-';
  const s = thousands(Number(n).toFixed(2));
  return unit ? `${s} 元` : s;
}

/**
 * An amount in yuan shown in 万元 (spec 9 保额), up to 4 decimals without trailing zeros:
 * 34400000 → '3,440 万元', 1234500 → '123.45 万元'.
 */
export function wan(n: number | string | null | undefined, unit = true): string {
  if (n === null || n === undefined || n === '' || !Number.isFinite(Number(n))) return '-';
  const v = Math.round(Number(n)) / 10000;
  const s = thousands(String(Number(v.toFixed(4))));
  return unit ? `${s} 万元` : s;
}
