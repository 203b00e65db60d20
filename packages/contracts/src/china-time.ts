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
