/**
 * Instants written in China time (Asia/Shanghai, UTC+8, no daylight saving) in the formats of spec 9,
 * whatever the zone of the machine: exports and other text meant for people. Zod-free.
 */

const CHINA_OFFSET_MS = 8 * 3600_000;

export type ChinaTimeFormat = 'date' | 'minute' | 'second';

/**
 * `d` (a Date or an ISO 8601 string) as YYYY-MM-DD ('date'), YYYY-MM-DD HH:mm ('minute', the default)
 * or YYYY-MM-DD HH:mm:ss ('second'); '' for null, undefined or an unreadable value.
 */
export function formatChinaTime(
  d: Date | string | null | undefined,
  format: ChinaTimeFormat = 'minute',
): string {
  if (d === null || d === undefined || d === '') return '';
  const ms = typeof d === 'string' ? Date.parse(d) : d.getTime();
  if (Number.isNaN(ms)) return '';
  const s = new Date(ms + CHINA_OFFSET_MS).toISOString();
  if (format === 'date') return s.slice(0, 10);
  return `${s.slice(0, 10)} ${s.slice(11, format === 'second' ? 19 : 16)}`;
}

const LOCAL_DT = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;
/** Parses 'YYYY-MM-DD HH:mm[:ss]' as China time (+08:00) or an ISO 8601 time with an offset. */
export function parseDateTime(s: string): Date | undefined {
  const m = LOCAL_DT.exec(s.trim());
  const d = m ? new Date(`${m[1]}T${m[2]}:${m[3]}:${m[4] ?? '00'}+08:00`) : new Date(s);
  if (Number.isNaN(d.getTime())) return undefined;
  if (!m && !/(Z|[+-]\d{2}:?\d{2})$/.test(s.trim())) return undefined;
  return d;
}

/** The China (UTC+8) calendar date of an instant, YYYY-MM-DD. */
export function chinaDate(d: Date): string {
  return new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
}
/** Adds days to a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
