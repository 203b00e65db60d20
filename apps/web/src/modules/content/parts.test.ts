import { describe, expect, it } from 'vitest';
import { fmtTime } from './parts.tsx';

describe('content times', () => {
  it('are China time whatever the browser zone, — when there is none', () => {
    expect(fmtTime('2026-11-23T05:32:00.000Z')).toBe('2026-11-23 13:32');
    expect(fmtTime('2026-02-23T20:00:00Z')).toBe('2026-02-24 04:00');
    expect(fmtTime('2026-02-23T20:00:00Z', 'date')).toBe('2026-02-24');
    expect(fmtTime(null)).toBe('—');
  });
});
