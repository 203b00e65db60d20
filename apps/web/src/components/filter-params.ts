import dayjs from 'dayjs';
import { chinaInstant } from './china-time-input.ts';

/** `[start, end]` of a date-range filter as the server's createdStart/createdEnd style pair. */
export function rangeParams(
  range: unknown,
  startKey: string,
  endKey: string,
  withTime = false,
): Record<string, string> {
  if (!Array.isArray(range) || range.length !== 2) return {};
  const [a, b] = range as [unknown, unknown];
  const fmt = (v: unknown) => {
    if (!v) return undefined;
    const d = dayjs(v as string);
    if (!d.isValid()) return undefined;
    // A time is China time whatever the browser's zone: sent with its +08:00 offset.
    return withTime ? chinaInstant(d).format() : d.format('YYYY-MM-DD');
  };
  const out: Record<string, string> = {};
  const s = fmt(a);
  const e = fmt(b);
  if (s) out[startKey] = s;
  if (e) out[endKey] = e;
  return out;
}

/** Drops ProTable bookkeeping and empty values from a filter object. */
export function cleanParams(p: Record<string, unknown>): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(p)) {
    if (v === undefined || v === null || v === '') continue;
    if (typeof v === 'string') out[k] = v.trim();
    else if (typeof v === 'number') out[k] = v;
  }
  return out;
}
