import { describe, expect, it } from 'vitest';
import { ellipsis, textWidth, thousands, thousandsInput, truncate20 } from './text.ts';

describe('textWidth', () => {
  it('counts ASCII as 1 and other characters as 2', () => {
    expect(textWidth('abc')).toBe(3);
    expect(textWidth('宿迁市')).toBe(6);
    expect(textWidth('宿迁A1')).toBe(6);
    expect(textWidth('，')).toBe(2);
    expect(textWidth('😀')).toBe(2); // one code point, not two UTF-16 units
    expect(textWidth('')).toBe(0);
    expect(textWidth(null)).toBe(0);
    expect(textWidth(undefined)).toBe(0);
  });
});

describe('ellipsis', () => {
  it('keeps text that fits', () => {
    expect(ellipsis('abcd', 4)).toBe('abcd');
    expect(ellipsis('宿迁', 4)).toBe('宿迁');
  });
  it('cuts by display width and appends …', () => {
    expect(ellipsis('abcdef', 4)).toBe('abcd…');
    expect(ellipsis('宿迁市安全生产', 6)).toBe('宿迁市…');
    // A wide character that would overflow is not split in half.
    expect(ellipsis('ab宿迁', 3)).toBe('ab…');
    expect(ellipsis('a宿迁市', 4)).toBe('a宿…');
  });
  it('handles empty input', () => {
    expect(ellipsis(null, 5)).toBe('');
    expect(ellipsis('', 5)).toBe('');
  });
});

describe('truncate20', () => {
  it('leaves 20 characters or fewer alone', () => {
    const twenty = '一二三四五六七八九十一二三四五六七八九十';
    expect(Array.from(twenty)).toHaveLength(20);
    expect(truncate20(twenty)).toBe(twenty);
    expect(truncate20('short')).toBe('short');
  });
  it('cuts at 20 characters and appends …', () => {
    expect(truncate20('一二三四五六七八九十一二三四五六七八九十多')).toBe(
      '一二三四五六七八九十一二三四五六七八九十…',
    );
    expect(truncate20('abcdefghijklmnopqrstuvwxyz')).toBe('abcdefghijklmnopqrst…');
  });
  it('counts an emoji as one character', () => {
    const s = `${'a'.repeat(19)}😀b`;
    expect(truncate20(s)).toBe(`${'a'.repeat(19)}😀…`);
  });
  it('handles empty input', () => {
    expect(truncate20(undefined)).toBe('');
  });
});

describe('thousands', () => {
  it('groups integers', () => {
    expect(thousands(0)).toBe('0');
    expect(thousands(999)).toBe('999');
    expect(thousands(1000)).toBe('1,000');
    expect(thousands(1234567)).toBe('1,234,567');
  });
  it('keeps decimals unchanged', () => {
    expect(thousands(1234567.891)).toBe('1,234,567.891');
    expect(thousands(0.5)).toBe('0.5');
    expect(thousands(1000.05)).toBe('1,000.05');
  });
  it('handles negatives', () => {
    expect(thousands(-1200)).toBe('-1,200');
    expect(thousands(-1234.5)).toBe('-1,234.5');
    expect(thousands(-0)).toBe('0');
  });
  it('accepts numeric strings and keeps their decimals', () => {
    expect(thousands('1234567.50')).toBe('1,234,567.50');
    expect(thousands(' -9876 ')).toBe('-9,876');
    expect(thousands('0001234')).toBe('1,234');
  });
  it('shows - for missing values', () => {
    expect(thousands(null)).toBe('-');
    expect(thousands(undefined)).toBe('-');
    expect(thousands('')).toBe('-');
    expect(thousands(Number.NaN)).toBe('-');
    expect(thousands(Number.POSITIVE_INFINITY)).toBe('-');
  });
  it('returns non-numeric text unchanged', () => {
    expect(thousands('暂无')).toBe('暂无');
  });
  it('handles very large numbers', () => {
    expect(thousands(1e21)).toBe('1,000,000,000,000,000,000,000');
  });
});

describe('thousandsInput', () => {
  it('groups the integer digits and reads them back', () => {
    expect(thousandsInput.formatter(1234567.5)).toBe('1,234,567.5');
    expect(thousandsInput.formatter(undefined)).toBe('');
    expect(thousandsInput.parser('1,234,567.5')).toBe('1234567.5');
  });
  it('leaves an emptied field empty, not 0', () => {
    expect(thousandsInput.parser('')).toBe('');
  });
});
