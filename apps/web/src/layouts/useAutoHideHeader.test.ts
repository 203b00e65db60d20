import { describe, expect, it } from 'vitest';
import { nextHidden } from './useAutoHideHeader.ts';

describe('auto-hide header (spec 9: past 300 px)', () => {
  it('hides when scrolling down past 300 px and shows again on the way up', () => {
    expect(nextHidden(false, 0, 250)).toBe(false);
    expect(nextHidden(false, 250, 301)).toBe(true);
    expect(nextHidden(true, 600, 500)).toBe(false);
    expect(nextHidden(true, 500, 500)).toBe(true);
    expect(nextHidden(true, 400, 300)).toBe(false);
  });
});
