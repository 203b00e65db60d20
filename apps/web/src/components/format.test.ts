import { describe, expect, it } from 'vitest';
import { chinaTime, dateText, dateTimeSecondsText, dateTimeText, valueEnumOf, wan, yuan } from './format.ts';

describe('valueEnumOf', () => {
  it('keys labels by the option value as a string', () => {
    expect(
      valueEnumOf([
        { value: 1, label: '正常' },
        { value: '02', label: '停用' },
      ]),
    ).toEqual({ '1': { text: '正常' }, '02': { text: '停用' } });
    expect(valueEnumOf([])).toEqual({});
  });
});

describe('dates', () => {
  it('formats a day and a minute, and shows - for nothing', () => {
    expect(dateText('2026-03-05T10:20:30')).toBe('2026-03-05');
    expect(dateTimeText('2026-03-05T10:20:30')).toBe('2026-03-05 10:20');
    for (const f of [dateText, dateTimeText]) {
      expect(f(null)).toBe('-');
      expect(f(undefined)).toBe('-');
      expect(f('')).toBe('-');
    }
  });

  // The suite runs in whatever zone the machine has (UTC on CI): these hold only if the formatting does
  // not depend on the browser's zone.
  it('shows server instants in China time (UTC+8) whatever the browser zone', () => {
    expect(dateTimeText('2026-02-23T05:55:00.000Z')).toBe('2026-02-23 13:55');
    expect(dateTimeSecondsText('2026-02-23T05:23:08.000Z')).toBe('2026-02-23 13:23:08');
    expect(dateText('2026-02-23T05:55:00.000Z')).toBe('2026-02-23');
    // Past midnight in China while still the day before in UTC.
    expect(dateTimeText('2026-02-23T20:00:00Z')).toBe('2026-02-24 04:00');
    expect(dateText('2026-02-23T20:00:00Z')).toBe('2026-02-24');
    expect(dateTimeText('2026-02-23T12:00:00+08:00')).toBe('2026-02-23 12:00');
    expect(chinaTime(new Date('2026-02-23T16:30:45Z'), 'second')).toBe('2026-02-24 00:30:45');
  });

  it('keeps a date-only value on its day and reads a time without a zone as China time', () => {
    expect(dateText('2026-02-23')).toBe('2026-02-23');
    expect(chinaTime('2026-02-23', 'date')).toBe('2026-02-23');
    expect(chinaTime('2026-02-23 08:05:09', 'second')).toBe('2026-02-23 08:05:09');
  });

  it('chinaTime: minute by default, the chosen text for nothing or an unreadable value', () => {
    expect(chinaTime('2026-02-23T05:55:00.000Z')).toBe('2026-02-23 13:55');
    expect(chinaTime(null)).toBe('-');
    expect(chinaTime(undefined, 'date', '—')).toBe('—');
    expect(chinaTime('', 'second', '')).toBe('');
    expect(chinaTime('not a time')).toBe('-');
  });
});

describe('money', () => {
  it('yuan: separators, always two decimals, optional unit', () => {
    expect(yuan(1234567.5)).toBe('1,234,567.50 元');
    expect(yuan(0)).toBe('0.00 元');
    expect(yuan(-300)).toBe('-300.00 元');
    expect(yuan('1200', false)).toBe('1,200.00');
    expect(yuan(99.99, false)).toBe('99.99');
  });
  it('wan: yuan shown in 万元 without trailing zeros', () => {
    expect(wan(34_400_000)).toBe('3,440 万元');
    expect(wan(1_234_500, false)).toBe('123.45');
    expect(wan(1)).toBe('0.0001 万元');
  });
  it('shows - for missing or non-numeric amounts', () => {
    for (const f of [yuan, wan]) {
      expect(f(null)).toBe('-');
      expect(f(undefined)).toBe('-');
      expect(f('')).toBe('-');
      expect(f('abc')).toBe('-');
      expect(f(Number.NaN)).toBe('-');
      expect(f(Number.POSITIVE_INFINITY)).toBe('-');
    }
  });
});
