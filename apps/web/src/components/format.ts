/** Formatting shared by the feature screens: option lists for ProTable, dates, money (spec 9). */
import { type ChinaTimeFormat, formatChinaTime } from '@aqzrx/contracts/constants';
import { thousands } from './text.ts';

/** ProTable `valueEnum` from an option list: [{ value: 1, label: '正常' }] → { '1': { text: '正常' } }. */
export function valueEnumOf(
  opts: readonly { value: string | number; label: string }[],
): Record<string, { text: string }> {
  return Object.fromEntries(opts.map((o) => [String(o.value), { text: o.label }]));
}

/** A date and time written without a zone (2026-03-05T10:20 or 2026-03-05 10:20:30): taken as China time. */
const ZONELESS_DATE_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)$/;

/**
 * An instant from the server (an ISO 8601 string or a Date) in China time (UTC+8, spec 9) whatever the
 * browser's zone: YYYY-MM-DD ('date'), YYYY-MM-DD HH:mm ('minute', the default) or YYYY-MM-DD HH:mm:ss
 * ('second'); `empty` ('-' unless told) when there is none or it cannot be read. A date-only string stays
 * that day; a date and time without a zone is taken as China time already.
 */
export function chinaTime(
  v: string | Date | null | undefined,
  format: ChinaTimeFormat = 'minute',
  empty = '-',
): string {
  if (v === null || v === undefined || v === '') return empty;
  let at: string | Date = v;
  if (typeof v === 'string') {
    const m = ZONELESS_DATE_TIME.exec(v.trim());
    if (m) at = `${m[1]}T${m[2]}+08:00`;
  }
  return formatChinaTime(at, format) || empty;
}

/** A date (ISO string) in China time as YYYY-MM-DD; '-' when there is none. */
export const dateText = (v: string | null | undefined): string => chinaTime(v, 'date');

/** A time (ISO string) in China time as YYYY-MM-DD HH:mm; '-' when there is none. */
export const dateTimeText = (v: string | null | undefined): string => chinaTime(v, 'minute');

/** A time (ISO string) in China time as YYYY-MM-DD HH:mm:ss; '-' when there is none. */
export const dateTimeSecondsText = (v: string | null | undefined): string => chinaTime(v, 'second');

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

/** A file's size for people: 1.5 MB from a megabyte on, else whole KB (at least 1 KB). */
export function fileSize(bytes: number): string {
  const mb = 1024 * 1024;
  if (bytes >= mb) return `${(bytes / mb).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
