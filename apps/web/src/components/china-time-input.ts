/**
 * Times people enter are China time (UTC+8, spec 9) whatever the browser's zone. antd's pickers work on
 * dayjs values in the browser's zone: a time typed or picked as 09:30 in a browser set to UTC would be
 * 09:30 UTC (17:30 in China). Every picker value is therefore read as the China time it shows (its
 * wall-clock), and the values the forms keep and send are real instants in Asia/Shanghai:
 *
 * - `chinaInstant(d)`: a picker's value as the instant its shown time means in China (onChange);
 * - `chinaPickerValue(iso)`: a server instant as a picker value showing its China time (initial values);
 * - `chinaNow()`, `chinaToday()`: defaults and "not in the future" checks.
 *
 * `installChinaTime()` also makes the pickers' own "now" China time (the 此刻 button, today's cell, the
 * time a fresh date gets): rc-picker's dayjs config asks `dayjs().tz()`, the default zone, when the
 * timezone plugin is loaded. It runs when this module loads and from the app root.
 */
import dayjs, { type Dayjs } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

export const CHINA_ZONE = 'Asia/Shanghai';

let installed = false;
/** Loads dayjs's utc and timezone plugins and makes China the default zone of `.tz()` (idempotent). */
export function installChinaTime(): void {
  if (installed) return;
  dayjs.extend(utc);
  dayjs.extend(timezone);
  dayjs.tz.setDefault(CHINA_ZONE);
  installed = true;
}
installChinaTime();

/**
 * The instant a picker value means: the date and time it shows, read as China time, whatever zone the
 * dayjs object itself is in (typed text is parsed in the browser's zone, picked dates in China's).
 */
export function chinaInstant(d: Dayjs): Dayjs {
  return dayjs.tz(d.format('YYYY-MM-DDTHH:mm:ss.SSS'), CHINA_ZONE);
}

/** A server instant (ISO 8601 or Date) as a picker value showing its China time; undefined if none. */
export function chinaPickerValue(v: string | Date | null | undefined): Dayjs | undefined {
  if (v === null || v === undefined || v === '') return undefined;
  const d = dayjs(v);
  return d.isValid() ? d.tz(CHINA_ZONE) : undefined;
}

/** Now, showing China time. */
export const chinaNow = (): Dayjs => dayjs().tz(CHINA_ZONE);

/** Today's China date, YYYY-MM-DD. */
export const chinaToday = (): string => chinaNow().format('YYYY-MM-DD');

/** Whether a calendar cell (a picker's date) is after today in China: for `disabledDate`. */
export const afterChinaToday = (d: Dayjs): boolean => d.format('YYYY-MM-DD') > chinaToday();
