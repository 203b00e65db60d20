import { describe, expect, it } from 'vitest';
import { dateText, dateTimeText, valueEnumOf, wan, yuan } from './format.ts';

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
