import { describe, expect, it } from 'vitest';
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
