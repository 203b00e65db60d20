/**
 * Table layout helpers for the back-office lists.
 *
 * At 1440 px with the side menu open a list's card leaves about 1,010 px for the table (LIST_WIDTH_AT_1440,
 * measured in Chromium by the policy list's browser test). Lists whose column widths add up to no more than that show every column
 * with nothing under a fixed 操作 column; narrower windows scroll. An 操作 column needs actionsWidth() of its links
 * (a narrower one squeezes them to a character per line); an expandable table adds EXPAND_COLUMN_WIDTH.
 */
import { textWidth } from './text.ts';

export const LIST_WIDTH_AT_1440 = 1010;

/** Horizontal padding of a table cell (8 px each side in the lists' size). */
const CELL_PADDING = 16;
/** Gap ProTable puts between the links of an 操作 (valueType 'option') column: antd's margin token. */
export const ACTION_GAP = 16;
/** Pixels of one display unit of the 14 px table font (textWidth: an ASCII character 1, Chinese 2). */
const PX_PER_UNIT = 7;

/**
 * Width of an 操作 column that keeps each of its links on one line: the links' text, ProTable's gap between
 * them and the cell padding. ['详情', '编辑', '参数', '评分'] → 176. A narrower fixed column squeezes each
 * link to one character per line (详/情).
 */
export function actionsWidth(labels: readonly string[]): number {
  const text = labels.reduce((sum, l) => sum + textWidth(l) * PX_PER_UNIT, 0);
  return text + ACTION_GAP * Math.max(0, labels.length - 1) + CELL_PADDING;
}

/** Width antd gives the expand-icon column of an expandable table (not part of `columns`). */
export const EXPAND_COLUMN_WIDTH = 48;

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
