import { describe, expect, it } from 'vitest';
import { addDays, chinaDate, formatChinaTime, parseDateTime } from './china-time.ts';

describe('China time', () => {
  it('writes instants in UTC+8 whatever the zone, in the spec 9 formats', () => {
    const d = new Date('2026-03-31T16:05:09Z');
    expect(formatChinaTime(d)).toBe('2026-04-01 00:05');
    expect(formatChinaTime(d, 'date')).toBe('2026-04-01');
    expect(formatChinaTime(d, 'second')).toBe('2026-04-01 00:05:09');
    expect(formatChinaTime('2026-12-31T15:59:00.000Z')).toBe('2026-12-31 23:59');
    expect(formatChinaTime(null)).toBe('');
    expect(formatChinaTime('not a time')).toBe('');
  });
  it('reads zone-less times as China time and ISO times with offsets', () => {
    expect(parseDateTime('2026-05-01 08:30')?.toISOString()).toBe('2026-05-01T00:30:00.000Z');
    expect(parseDateTime('2026-05-01 08:30:15')?.toISOString()).toBe('2026-05-01T00:30:15.000Z');
    expect(parseDateTime('2026-05-01T00:30:00Z')?.toISOString()).toBe('2026-05-01T00:30:00.000Z');
    expect(parseDateTime('2026-05-01T08:30:00')?.toISOString()).toBe('2026-05-01T00:30:00.000Z');
    expect(parseDateTime('2026-05-01')).toBeUndefined();
    expect(parseDateTime('yesterday')).toBeUndefined();
    expect(chinaDate(new Date('2026-05-01T17:00:00Z'))).toBe('2026-05-02');
  });
  it('adds days to a date', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});
