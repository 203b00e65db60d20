import { afterEach, describe, expect, it, vi } from 'vitest';
import { actionsWidth, isNarrowScreen, tableWidth } from './table-layout.ts';

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

describe('action column width', () => {
  it('holds every link on one line: text, the gaps between links and the cell padding', () => {
    // 4 links of 2 Chinese characters (28 px each), 3 gaps of 16 px, 16 px of padding.
    expect(actionsWidth(['详情', '编辑', '参数', '评分'])).toBe(176);
    expect(actionsWidth(['查看'])).toBe(44);
    expect(actionsWidth(['已读回执', 'IP'])).toBe(56 + 14 + 16 + 16);
    expect(actionsWidth([])).toBe(16);
  });
});
