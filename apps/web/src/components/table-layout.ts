/**
 * Table layout helpers for the back-office lists.
 *
 * At 1440 px with the side menu open a list's card leaves about 1,010 px for the table (LIST_WIDTH_AT_1440,
 * measured in Chromium by the policy list's browser test). Lists whose column widths add up to no more than that show every column
 * with nothing under a fixed 操作 column; narrower windows scroll.
 */
export const LIST_WIDTH_AT_1440 = 1010;

interface SizedColumn {
  width?: number | string;
  hideInTable?: boolean;
}

/** The sum of the numeric widths of the columns the table shows: its `scroll.x`. */
export function tableWidth(columns: readonly SizedColumn[]): number {
  return columns.reduce((sum, c) => (c.hideInTable || typeof c.width !== 'number' ? sum : sum + c.width), 0);
}

/** True on phone-sized windows (below antd's md breakpoint, 768 px). */
export function isNarrowScreen(): boolean {
  if (typeof window === 'undefined') return false;
  if (typeof window.matchMedia === 'function') return window.matchMedia('(max-width: 767.98px)').matches;
  return window.innerWidth < 768;
}
