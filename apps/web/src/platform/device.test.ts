import { describe, expect, it } from 'vitest';
import { nextHidden } from '../layouts/useAutoHideHeader.ts';
import { defaultCollapsed, deviceForWidth } from './device.ts';

describe('device breakpoints (spec 4)', () => {
  it('desktop ≥ 1200, tablet 576–1199, mobile < 576', () => {
    expect(deviceForWidth(1920)).toBe('desktop');
    expect(deviceForWidth(1200)).toBe('desktop');
    expect(deviceForWidth(1199)).toBe('tablet');
    expect(deviceForWidth(576)).toBe('tablet');
    expect(deviceForWidth(575)).toBe('mobile');
  });

  it('sidebar open on desktop and mobile, collapsed on tablet', () => {
    expect(defaultCollapsed('desktop', null)).toBe(false);
    expect(defaultCollapsed('desktop', true)).toBe(true);
    expect(defaultCollapsed('tablet', false)).toBe(true);
    expect(defaultCollapsed('mobile', true)).toBe(false);
  });
});

describe('auto-hide header (spec 9: past 300 px)', () => {
  it('hides when scrolling down past 300 px and shows again on the way up', () => {
    expect(nextHidden(false, 0, 250)).toBe(false);
    expect(nextHidden(false, 250, 301)).toBe(true);
    expect(nextHidden(true, 600, 500)).toBe(false);
    expect(nextHidden(true, 500, 500)).toBe(true);
    expect(nextHidden(true, 400, 300)).toBe(false);
  });
});
