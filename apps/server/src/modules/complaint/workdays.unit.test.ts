import { describe, expect, it } from 'vitest';
import {
  addWorkdays,
  buildCalendar,
  isWorkday,
  PACKAGE_YEARS,
  packageYear,
  workdaysLeft,
} from './workdays.ts';

const cal = buildCalendar([]);

describe('working days (chinese-days + the administrator calendar)', () => {
  it('the package covers 2026 with National Day, Spring Festival and their make-up Saturdays', () => {
    expect(PACKAGE_YEARS).toContain(2026);
    const y = packageYear(2026);
    expect(y).toContainEqual({ date: '2026-10-01', kind: 'holiday', name: '国庆节' });
    expect(y).toContainEqual({ date: '2026-10-10', kind: 'workday', name: '国庆节' });
    expect(isWorkday(cal, '2026-10-10')).toBe(true); // make-up Saturday
    expect(isWorkday(cal, '2026-10-05')).toBe(false); // holiday Monday
    expect(isWorkday(cal, '2026-10-17')).toBe(false); // ordinary Saturday
  });

  it('10 working days from 2026-09-28 skip National Day and count the make-up Saturday 10-10', () => {
    // 9-29, 9-30, (10-1…10-7 holiday), 10-8, 10-9, 10-10 (Sat, make-up), 10-12 … 10-16.
    expect(addWorkdays(cal, '2026-09-28', 10)).toBe('2026-10-16');
    // The fifth working day is the make-up Saturday itself (without 调休 the tenth would be 10-19).
    expect(addWorkdays(buildCalendar([]), '2026-09-28', 5)).toBe('2026-10-10');
  });

  it('10 working days from 2026-02-12 skip the Spring Festival and count 2-14 and 2-28', () => {
    // 2-13, 2-14 (Sat, make-up), (2-15…2-23 holiday), 2-24 … 2-27, 2-28 (Sat, make-up), 3-2, 3-3, 3-4.
    expect(addWorkdays(cal, '2026-02-12', 10)).toBe('2026-03-04');
    expect(addWorkdays(cal, '2026-02-12', 30)).toBe('2026-04-01');
  });

  it('working days left count down to 0 on the deadline and below 0 after it', () => {
    expect(workdaysLeft(cal, '2026-10-14', '2026-10-16')).toBe(2);
    expect(workdaysLeft(cal, '2026-10-16', '2026-10-16')).toBe(0);
    expect(workdaysLeft(cal, '2026-10-19', '2026-10-16')).toBe(-1);
    expect(workdaysLeft(cal, '2026-09-30', '2026-10-08')).toBe(1);
  });

  it("a year the package does not cover uses the administrator's days, and only for such years", () => {
    const year = Math.max(...PACKAGE_YEARS) + 1;
    const custom = buildCalendar([
      { day: `${year}-10-01`, kind: 'holiday', name: '国庆节' },
      { day: `${year}-10-02`, kind: 'holiday', name: '国庆节' },
      { day: '2026-10-08', kind: 'holiday', name: '不应生效' },
    ]);
    expect(isWorkday(custom, `${year}-10-01`)).toBe(false);
    expect(isWorkday(cal, `${year}-10-01`)).toBe(new Date(`${year}-10-01T00:00:00Z`).getUTCDay() % 6 !== 0);
    expect(isWorkday(custom, '2026-10-08')).toBe(true);
  });
});
