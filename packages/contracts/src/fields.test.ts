import { describe, expect, it } from 'vitest';
import { dateStr, toCents } from './fields.ts';

describe('fields', () => {
  it('dateStr refuses impossible dates', () => {
    expect(dateStr.safeParse('2026-02-29').success).toBe(false);
    expect(dateStr.safeParse('2028-02-29').success).toBe(true);
    expect(dateStr.safeParse('2026/01/01').success).toBe(false);
  });
  it('money in cents is exact', () => {
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(400000)).toBe(40_000_000);
  });
});
