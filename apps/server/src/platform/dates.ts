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
