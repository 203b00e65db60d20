/** Zod-free rules of the cockpit and statistical reports (issue 19; domain 2.14; spec 9): periods, labels. */
import { defineOptions } from './options.ts';

/** Period kinds of the cockpit and of the periodic reports (月报 / 季报 / 年报). */
export const STAT_PERIOD_KINDS = defineOptions([
  { value: 'month', label: '月报' },
  { value: 'quarter', label: '季报' },
  { value: 'year', label: '年报' },
]);
export type StatPeriodKind = 'month' | 'quarter' | 'year';

export interface StatPeriod {
  kind: StatPeriodKind;
  year: number;
  /** Month 1–12 (kind month) or quarter 1–4 (kind quarter); 0 for a year. */
  n: number;
}

const pad = (n: number) => String(n).padStart(2, '0');
const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** The first and last China calendar day of a period, YYYY-MM-DD. */
export function periodBounds(p: StatPeriod): { from: string; to: string } {
  if (p.kind === 'year') return { from: `${p.year}-01-01`, to: `${p.year}-12-31` };
  const m1 = p.kind === 'month' ? p.n : (p.n - 1) * 3 + 1;
  const m2 = p.kind === 'month' ? p.n : m1 + 2;
  return { from: `${p.year}-${pad(m1)}-01`, to: `${p.year}-${pad(m2)}-${pad(lastDay(p.year, m2))}` };
}

/** The period's key as stored with a report: 2026, 2026-Q3, 2026-10. */
export function periodKey(p: StatPeriod): string {
  if (p.kind === 'year') return String(p.year);
  return p.kind === 'quarter' ? `${p.year}-Q${p.n}` : `${p.year}-${pad(p.n)}`;
}

/** 2026年 / 2026年第3季度 / 2026年10月. */
export function periodLabel(p: StatPeriod): string {
  if (p.kind === 'year') return `${p.year}年`;
  return p.kind === 'quarter' ? `${p.year}年第${p.n}季度` : `${p.year}年${p.n}月`;
}

/** The day a scheduled report of the period is made: the 5th of the next month, the 15th after a quarter, 31 January. */
export function reportDueDate(p: StatPeriod): string {
  if (p.kind === 'year') return `${p.year + 1}-01-31`;
  const endMonth = p.kind === 'month' ? p.n : p.n * 3;
  const y = endMonth === 12 ? p.year + 1 : p.year;
  const m = endMonth === 12 ? 1 : endMonth + 1;
  return `${y}-${pad(m)}-${p.kind === 'month' ? '05' : '15'}`;
}

/** The latest period of each kind whose scheduled report is due on or before `today` (YYYY-MM-DD). */
export function duePeriods(today: string): StatPeriod[] {
  const y = Number(today.slice(0, 4));
  const m = Number(today.slice(5, 7));
  const out: StatPeriod[] = [];
  const prevMonth = m === 1 ? { year: y - 1, n: 12 } : { year: y, n: m - 1 };
  const month: StatPeriod = { kind: 'month', ...prevMonth };
  out.push(reportDueDate(month) <= today ? month : { kind: 'month', ...shiftMonth(prevMonth, -1) });
  const q = Math.ceil(m / 3);
  const prevQ = q === 1 ? { year: y - 1, n: 4 } : { year: y, n: q - 1 };
  const quarter: StatPeriod = { kind: 'quarter', ...prevQ };
  const before: StatPeriod =
    prevQ.n === 1
      ? { kind: 'quarter', year: prevQ.year - 1, n: 4 }
      : { kind: 'quarter', year: prevQ.year, n: prevQ.n - 1 };
  out.push(reportDueDate(quarter) <= today ? quarter : before);
  const year: StatPeriod = { kind: 'year', year: y - 1, n: 0 };
  out.push(reportDueDate(year) <= today ? year : { kind: 'year', year: y - 2, n: 0 });
  return out;
}

function shiftMonth(p: { year: number; n: number }, by: number) {
  const i = p.year * 12 + (p.n - 1) + by;
  return { year: Math.floor(i / 12), n: (i % 12) + 1 };
}

/** Shifts a YYYY-MM-DD day by whole years (29 February becomes 28 February). */
export function shiftYears(day: string, by: number): string {
  const y = Number(day.slice(0, 4)) + by;
  const m = Number(day.slice(5, 7));
  const d = Math.min(Number(day.slice(8, 10)), lastDay(y, m));
  return `${y}-${pad(m)}-${pad(d)}`;
}

/** A rate in per cent with one decimal, 0 when the base is 0. */
export function ratePct(part: number, whole: number): number {
  return whole > 0 ? Math.round((1000 * part) / whole) / 10 : 0;
}

/** Year-on-year change in per cent with one decimal; null when last year's figure is 0. */
export function yoyPct(now: number, before: number): number | null {
  return before ? Math.round((1000 * (now - before)) / Math.abs(before)) / 10 : null;
}

/** How long the server keeps a computed cockpit before computing it again (the figures' freshness). */
export const COCKPIT_CACHE_SECONDS = 120;
/** How often the cockpit screen asks again (big-screen mode refreshes itself without a reload). */
export const COCKPIT_REFRESH_SECONDS = 180;
