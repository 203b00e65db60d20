import { describe, expect, it } from 'vitest';
import { numText, yuanText } from './display.tsx';

describe('amounts of the regulator screens (spec 9)', () => {
  it('元 amounts always have two decimals and separators', () => {
    expect(yuanText(3258.5)).toBe('3,258.50 元');
    expect(yuanText(14592.6)).toBe('14,592.60 元');
    expect(yuanText(25823.25)).toBe('25,823.25 元');
    expect(yuanText(500000)).toBe('500,000.00 元');
    expect(yuanText(null)).toBe('-');
    // Without a unit (the column header names 元).
    expect(numText(1939.5)).toBe('1,939.50');
    expect(numText(25823.25)).toBe('25,823.25');
    expect(numText(0)).toBe('0.00');
    expect(numText(undefined)).toBe('-');
  });

  it('万元 amounts keep up to the given decimals without trailing zeros', () => {
    expect(numText(4350, 4)).toBe('4,350');
    expect(numText(123.45, 4)).toBe('123.45');
    expect(numText(0.123456, 4)).toBe('0.1235');
  });
});
