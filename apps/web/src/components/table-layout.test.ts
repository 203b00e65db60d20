import { afterEach, describe, expect, it, vi } from 'vitest';
import { isNarrowScreen, tableWidth } from './table-layout.ts';

afterEach(() => vi.unstubAllGlobals());

describe('table layout', () => {
  it('adds the numeric widths of the shown columns', () => {
    expect(
      tableWidth([{ width: 100 }, { width: 50, hideInTable: true }, { width: '20%' }, {}, { width: 30 }]),
    ).toBe(130);
  });

  it('tells a phone-sized window by the md breakpoint', () => {
    vi.stubGlobal('matchMedia', (q: string) => ({ matches: q.includes('767'), media: q }));
    expect(isNarrowScreen()).toBe(true);
    vi.stubGlobal('matchMedia', () => ({ matches: false }));
    expect(isNarrowScreen()).toBe(false);
  });
});
