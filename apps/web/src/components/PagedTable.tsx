import {
  type ActionType,
  type ParamsType,
  type ProColumns,
  ProTable,
  type ProTableProps,
} from '@ant-design/pro-components';
import type { SortOrder } from 'antd/es/table/interface';
import { type Ref, useCallback, useMemo, useRef, useState } from 'react';
import { ellipsis } from './text.ts';

/** Spec 9: table defaults. */
export const TABLE_DEFAULTS = { pageNo: 1, pageSize: 10 } as const;

/** What the server's list calls take (spec 7: pageNo, pageSize, optional sortField, sortOrder). */
export interface PageRequest {
  pageNo: number;
  pageSize: number;
  sortField?: string;
  sortOrder?: 'ascend' | 'descend';
}

/** Spec 3: paged list response. */
export interface PageResult<T> {
  list: T[];
  total: number;
  /** The server counted up to its cap (LIST_COUNT_CAP) and more rows match: `total` is the cap. */
  totalCapped?: boolean;
  pageNum: number;
}

/**
 * The pagination's total text: ProTable's own wording, and for a capped total "10,000+ 条" (as large
 * systems say it) instead of a figure the server did not count.
 */
export function totalText(total: number, range: [number, number], capped: boolean): string {
  return `第 ${range[0]}-${range[1]} 条/总共 ${countText({ total, totalCapped: capped })} 条`;
}

/** A list's total as a figure on its own (a card's count): "10,000+" when the server capped it. */
export function countText(page: Pick<PageResult<unknown>, 'total' | 'totalCapped'>): string {
  return page.totalCapped ? `${page.total.toLocaleString('zh-CN')}+` : String(page.total);
}

export type PagedTableProps<T extends object, F extends ParamsType = ParamsType> = Omit<
  ProTableProps<T, F>,
  'request' | 'actionRef'
> & {
  /** Loads one page; gets page, sort and the search-form / params / column-filter values flattened. */
  request: (params: PageRequest & Partial<F>) => Promise<PageResult<T>>;
  actionRef?: Ref<ActionType | undefined>;
};

/**
 * Turns ProTable's (params, sort, filter) into the server's flat query: current -> pageNo, the first
 * active sort -> sortField/sortOrder, non-empty column filters merged in; empty values are dropped.
 */
export function toPageRequest<F extends ParamsType>(
  params: F & { current?: number; pageSize?: number },
  sort: Record<string, SortOrder> = {},
  filter: Record<string, (string | number)[] | null> = {},
): PageRequest & Partial<F> {
  const { current, pageSize, ...rest } = params;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(rest)) {
    if (v !== undefined && v !== null && v !== '') out[k] = v;
  }
  for (const [k, v] of Object.entries(filter)) {
    if (v && v.length > 0) out[k] = v;
  }
  out.pageNo = current ?? TABLE_DEFAULTS.pageNo;
  out.pageSize = pageSize ?? TABLE_DEFAULTS.pageSize;
  const active = Object.entries(sort).find(([, order]) => order === 'ascend' || order === 'descend');
  if (active) {
    out.sortField = active[0];
    out.sortOrder = active[1];
  }
  return out as PageRequest & Partial<F>;
}

/**
 * The page to go back to when page `pageNo` came back empty (e.g. its last row was deleted): one page
 * back, or the last page that still has rows if the total shrank further. Null when nothing to do.
 */
export function pageToStepBackTo(pageNo: number, total: number, pageSize: number): number | null {
  if (pageNo <= 1) return null;
  const lastPage = Math.ceil(Math.max(0, total) / Math.max(1, pageSize));
  return Math.max(1, Math.min(pageNo - 1, lastPage));
}

/** Display units per pixel of column width: an ASCII character of the 14 px table font is about 7 px wide. */
const PX_PER_UNIT = 7;

/**
 * Spec 5: text ellipsis counts non-ASCII characters as width 2. A plain text column (no render of its own)
 * that asks for `ellipsis` and has a numeric width shows at most as many display units as fit in it, cut
 * with … by `ellipsis()` (Chinese counting 2), and the whole text as its tooltip.
 */
export function withTextEllipsis<T>(columns: ProColumns<T>[] | undefined): ProColumns<T>[] | undefined {
  return columns?.map((col) => {
    if (!col.ellipsis || typeof col.width !== 'number' || col.render || col.renderText || col.valueType) {
      return col;
    }
    const units = Math.max(4, Math.floor((col.width - 16) / PX_PER_UNIT));
    return {
      ...col,
      ellipsis: { showTitle: false },
      renderText: (value: unknown) => {
        if (typeof value !== 'string' || value === '') return value;
        const shown = ellipsis(value, units);
        return shown === value ? value : <span title={value}>{shown}</span>;
      },
    };
  });
}

function assignRef<V>(ref: Ref<V> | undefined, value: V): void {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

/**
 * ProTable for the server's paged lists (spec 2.8, 5, 9): page 1, 10 rows, size changer on, and when a
 * page after the first comes back empty it steps back a page and reloads; text columns with `ellipsis`
 * and a width are cut by display width (withTextEllipsis). Errors are left to the
 * request function (the app's API client already tells the person). A total the server capped
 * (`totalCapped`) shows as "总共 10,000+ 条"; its pages up to the cap stay reachable.
 *
 * Until the first answer (rows or an error) the table shows its loading state: ProTable renders an empty
 * table — and with it the `locale.emptyText` (暂无…) — before its first request starts (a search form
 * first sets up its fields), which read as "no data" while the rows were still on their way.
 */
export function PagedTable<T extends object, F extends ParamsType = ParamsType>({
  request,
  actionRef,
  pagination,
  onRequestError,
  rowKey = 'id',
  columns,
  loading,
  ...rest
}: PagedTableProps<T, F>) {
  const shownColumns = useMemo(() => withTextEllipsis(columns), [columns]);
  // A table that waits for its search (manualRequest) has nothing on its way.
  const [answered, setAnswered] = useState(rest.manualRequest === true);
  const [capped, setCapped] = useState(false);
  const innerRef = useRef<ActionType | undefined>(undefined);
  const setActionRef = useCallback(
    (action: ActionType | undefined) => {
      innerRef.current = action;
      assignRef(actionRef, action);
    },
    [actionRef],
  );

  const load: ProTableProps<T, F>['request'] = async (params, sort, filter) => {
    const query = toPageRequest<F>(params, sort, filter);
    const page = await request(query).finally(() => setAnswered(true));
    const list = Array.isArray(page.list) ? page.list : [];
    const total = Number(page.total) || 0;
    setCapped(page.totalCapped === true);
    if (list.length === 0) {
      const back = pageToStepBackTo(query.pageNo, total, query.pageSize);
      if (back !== null && innerRef.current?.setPageInfo) {
        // Keep the rows on screen (success: false leaves them) while the earlier page loads.
        innerRef.current.setPageInfo({ current: back });
        return { data: [], total, success: false };
      }
    }
    return { data: list, total, success: true };
  };

  return (
    <ProTable<T, F>
      rowKey={rowKey}
      {...rest}
      columns={shownColumns}
      actionRef={setActionRef}
      loading={answered ? loading : true}
      request={load}
      onRequestError={onRequestError ?? (() => undefined)}
      pagination={
        pagination === false
          ? false
          : {
              defaultCurrent: TABLE_DEFAULTS.pageNo,
              defaultPageSize: TABLE_DEFAULTS.pageSize,
              showSizeChanger: true,
              ...(typeof pagination === 'object' ? pagination : {}),
              ...(capped
                ? { showTotal: (total: number, range: [number, number]) => totalText(total, range, true) }
                : {}),
            }
      }
    />
  );
}
