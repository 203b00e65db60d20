/**
 * China-time (UTC+8, no daylight saving) bounds of calendar days, for filters on timestamp columns.
 * Calendar dates themselves are strings (YYYY-MM-DD): chinaDate/addDays of the contracts.
 */

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The instant a China calendar day (YYYY-MM-DD) begins. */
export function chinaDayStart(day: string): Date {
  return new Date(`${day}T00:00:00+08:00`);
}

/** A "from" filter: a date means from the start of that China day; a date-time is taken as given. */
export function startOfDay(v: string): Date {
  return DAY.test(v) ? chinaDayStart(v) : new Date(v);
}

/** A "to" filter: a date means to the end of that China day (inclusive); a date-time is taken as given. */
export function endOfDay(v: string): Date {
  return DAY.test(v) ? new Date(`${v}T23:59:59.999+08:00`) : new Date(v);
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** China Standard Time (UTC+8, no daylight saving): a job's hour setting is a Suqian wall-clock hour. */
const CHINA_OFFSET_MS = 8 * HOUR_MS;

/** Milliseconds from `now` to the next `hour`:00 China time (a full day when it is that moment now). */
export function msUntilHour(now: Date, hour: number): number {
  const local = now.getTime() + CHINA_OFFSET_MS;
  let next = Math.floor(local / DAY_MS) * DAY_MS + hour * HOUR_MS;
  if (next <= local) next += DAY_MS;
  return next - local;
}
