import { createRequire } from 'node:module';
import { addDays } from '@aqzrx/contracts';
import type { Db } from '../../platform/context.ts';

/**
 * Working days in China: the State Council's statutory holidays (法定节假日) and make-up working days (调休上班)
 * from the maintained `chinese-days` package for the years it covers, and from the administrator's calendar
 * (sys_work_calendar_day) for the years it does not (each year is published in November or December).
 * Any other Monday-Friday is a working day, any other Saturday or Sunday is not.
 */

interface PackageData {
  holidays: Record<string, string>;
  workdays: Record<string, string>;
}
const pkg = createRequire(import.meta.url)('chinese-days/dist/chinese-days.json') as PackageData;

/** The years the package covers (it lists holidays of every year it knows). */
export const PACKAGE_YEARS: readonly number[] = [
  ...new Set(Object.keys(pkg.holidays).map((d) => Number(d.slice(0, 4)))),
].sort((a, b) => a - b);
const packageYearSet = new Set(PACKAGE_YEARS);

/** The package's holiday name of a date ('Spring Festival,春节,4' → 春节). */
function packageName(value: string | undefined): string {
  return value?.split(',')[1] ?? '';
}

export interface WorkCalendarDays {
  /** date → name of the statutory holiday. */
  holidays: Map<string, string>;
  /** date → name of the holiday whose make-up working day it is. */
  workdays: Map<string, string>;
}

/** The package's days of one year (empty when it does not cover it). */
export function packageYear(
  year: number,
): Array<{ date: string; kind: 'holiday' | 'workday'; name: string }> {
  const prefix = `${year}-`;
  const out: Array<{ date: string; kind: 'holiday' | 'workday'; name: string }> = [];
  for (const [date, v] of Object.entries(pkg.holidays))
    if (date.startsWith(prefix)) out.push({ date, kind: 'holiday', name: packageName(v) });
  for (const [date, v] of Object.entries(pkg.workdays))
    if (date.startsWith(prefix)) out.push({ date, kind: 'workday', name: packageName(v) });
  return out.sort((a, b) => a.date.localeCompare(b.date));
}

export function isPackageYear(year: number): boolean {
  return packageYearSet.has(year);
}

/** Builds the calendar: the package's years, then the administrator's days of the years it lacks. */
export function buildCalendar(
  custom: ReadonlyArray<{ day: string; kind: string; name: string }>,
): WorkCalendarDays {
  const holidays = new Map<string, string>();
  const workdays = new Map<string, string>();
  for (const [d, v] of Object.entries(pkg.holidays)) holidays.set(d, packageName(v));
  for (const [d, v] of Object.entries(pkg.workdays)) workdays.set(d, packageName(v));
  for (const c of custom) {
    if (packageYearSet.has(Number(c.day.slice(0, 4)))) continue;
    (c.kind === 'workday' ? workdays : holidays).set(c.day, c.name);
  }
  return { holidays, workdays };
}

export function isWorkday(cal: WorkCalendarDays, date: string): boolean {
  if (cal.workdays.has(date)) return true;
  if (cal.holidays.has(date)) return false;
  const dow = new Date(`${date}T00:00:00Z`).getUTCDay();
  return dow !== 0 && dow !== 6;
}

/** The n-th working day after `start` (start itself not counted): the deadline of "n working days from start". */
export function addWorkdays(cal: WorkCalendarDays, start: string, n: number): string {
  let d = start;
  let left = n;
  while (left > 0) {
    d = addDays(d, 1);
    if (isWorkday(cal, d)) left -= 1;
  }
  return d;
}

/**
 * Working days left from `today` to `deadline`: the working days after today up to and including the
 * deadline (0 on the deadline itself or when only holidays remain); negative when the deadline has passed
 * (minus the working days after the deadline up to and including today, at least 1).
 */
export function workdaysLeft(cal: WorkCalendarDays, today: string, deadline: string): number {
  if (today <= deadline) {
    let n = 0;
    for (let d = addDays(today, 1); d <= deadline; d = addDays(d, 1)) if (isWorkday(cal, d)) n += 1;
    return n;
  }
  let n = 0;
  for (let d = addDays(deadline, 1); d <= today; d = addDays(d, 1)) if (isWorkday(cal, d)) n += 1;
  return -Math.max(1, n);
}

/** The administrator's days change rarely: read at most once a minute per database; a save clears it. */
const TTL_MS = 60_000;
const cache = new WeakMap<object, { at: number; value: Promise<WorkCalendarDays> }>();

export function loadCalendar(db: Db): Promise<WorkCalendarDays> {
  const now = Date.now();
  const hit = cache.get(db);
  if (hit && now - hit.at < TTL_MS && now >= hit.at) return hit.value;
  const value = db
    .selectFrom('sysWorkCalendarDay')
    .select(['day', 'kind', 'name'])
    .execute()
    .then((rows) => buildCalendar(rows));
  cache.set(db, { at: now, value });
  value.catch(() => cache.delete(db));
  return value;
}

export function invalidateCalendar(db: Db): void {
  cache.delete(db);
}
