import { describe, expect, it } from 'vitest';
import { formatChinaTime } from './china-time.ts';

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
});
