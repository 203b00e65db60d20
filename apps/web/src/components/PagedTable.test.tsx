import type { ActionType, ProColumns } from '@ant-design/pro-components';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  PagedTable,
  type PageRequest,
  type PageResult,
  pageToStepBackTo,
  toPageRequest,
  withTextEllipsis,
} from './PagedTable.tsx';
import { failOnConsoleError, renderWithProviders } from './test-utils.tsx';

interface Row {
  id: number;
  name: string;
}

const rows = (n: number): Row[] => Array.from({ length: n }, (_, i) => ({ id: i + 1, name: `企业${i + 1}` }));

/** A fake server list call over an in-memory table. */
function fakeServer(initial: Row[]) {
  const db = { rows: initial };
  const request = vi.fn(async (q: PageRequest & { status?: number }): Promise<PageResult<Row>> => {
    const start = (q.pageNo - 1) * q.pageSize;
    return { list: db.rows.slice(start, start + q.pageSize), total: db.rows.length, pageNum: q.pageNo };
  });
  return { db, request };
}

const columns: ProColumns<Row>[] = [
  { title: '编号', dataIndex: 'id', sorter: true, search: false },
  { title: '名称', dataIndex: 'name', search: false },
];

failOnConsoleError();

describe('toPageRequest', () => {
  it('maps current to pageNo, keeps filters and drops empty values', () => {
    expect(toPageRequest({ current: 3, pageSize: 20, name: '宿迁', empty: '', none: undefined })).toEqual({
      pageNo: 3,
      pageSize: 20,
      name: '宿迁',
    });
  });
  it('defaults to page 1 of 10', () => {
    expect(toPageRequest({})).toEqual({ pageNo: 1, pageSize: 10 });
  });
  it('takes the active sort and non-empty column filters', () => {
    expect(
      toPageRequest(
        { current: 1, pageSize: 10 },
        { createdAt: 'descend', other: null },
        { status: [1, 2], x: null },
      ),
    ).toEqual({ pageNo: 1, pageSize: 10, sortField: 'createdAt', sortOrder: 'descend', status: [1, 2] });
  });
});

describe('pageToStepBackTo', () => {
  it('goes back one page when a later page is empty', () => {
    expect(pageToStepBackTo(2, 10, 10)).toBe(1);
    expect(pageToStepBackTo(5, 40, 10)).toBe(4);
  });
  it('goes to the last page with rows when the total shrank further', () => {
    expect(pageToStepBackTo(5, 12, 10)).toBe(2);
    expect(pageToStepBackTo(3, 0, 10)).toBe(1);
  });
  it('does nothing on the first page', () => {
    expect(pageToStepBackTo(1, 0, 10)).toBeNull();
  });
});

function renderTable(
  request: ReturnType<typeof fakeServer>['request'],
  actionRef?: { current: ActionType | undefined },
) {
  return renderWithProviders(
    <PagedTable<Row, { status: number }>
      headerTitle="企业列表"
      columns={columns}
      search={false}
      options={false}
      params={{ status: 1 }}
      request={request}
      actionRef={actionRef}
    />,
  );
}

describe('PagedTable', () => {
  it('requests page 1 of 10 with params, shows rows and a size changer', async () => {
    const { request } = fakeServer(rows(25));
    const { container } = renderTable(request);
    expect(await screen.findByText('企业1')).toBeTruthy();
    expect(request).toHaveBeenCalledTimes(1);
    expect(request.mock.calls[0]![0]).toEqual({ pageNo: 1, pageSize: 10, status: 1 });
    expect(screen.queryByText('企业11')).toBeNull();
    expect(container.querySelector('.ant-pagination-options-size-changer')).not.toBeNull();
    expect(screen.getByText('第 1-10 条/总共 25 条')).toBeTruthy();
  });

  it('shows a total the server capped as "10,000+ 条"; the last page up to the cap opens', async () => {
    // The server counted 10,000 of more matching rows (LIST_COUNT_CAP) and said so.
    const request = vi.fn(
      async (q: PageRequest): Promise<PageResult<Row>> => ({
        list: rows(q.pageSize).map((r) => ({ ...r, name: `企业p${q.pageNo}-${r.id}` })),
        total: 10_000,
        totalCapped: true,
        pageNum: q.pageNo,
      }),
    );
    const { container } = renderTable(request);
    expect(await screen.findByText('第 1-10 条/总共 10,000+ 条')).toBeTruthy();
    expect(screen.queryByText(/总共 10000 条/)).toBeNull();
    fireEvent.click(container.querySelector('.ant-pagination-item-1000')!);
    expect(await screen.findByText('企业p1000-1')).toBeTruthy();
    expect(request.mock.lastCall![0]).toMatchObject({ pageNo: 1000, pageSize: 10 });
    expect(await screen.findByText('第 9991-10000 条/总共 10,000+ 条')).toBeTruthy();
  });

  it('pages and sorts through the request', async () => {
    const { request } = fakeServer(rows(25));
    const { container } = renderTable(request);
    await screen.findByText('企业1');
    fireEvent.click(container.querySelector('.ant-pagination-item-2')!);
    expect(await screen.findByText('企业11')).toBeTruthy();
    expect(request.mock.lastCall![0]).toMatchObject({ pageNo: 2, pageSize: 10 });

    fireEvent.click(screen.getByText('编号'));
    await waitFor(() =>
      expect(request.mock.lastCall![0]).toMatchObject({ sortField: 'id', sortOrder: 'ascend', status: 1 }),
    );
  });

  it('steps back a page when a later page comes back empty after a delete', async () => {
    const { db, request } = fakeServer(rows(11));
    const actionRef: { current: ActionType | undefined } = { current: undefined };
    const { container } = renderTable(request, actionRef);
    await screen.findByText('企业1');
    fireEvent.click(container.querySelector('.ant-pagination-item-2')!);
    expect(await screen.findByText('企业11')).toBeTruthy();

    // The only row on page 2 is deleted, then the table reloads.
    db.rows = rows(10);
    request.mockClear();
    await act(async () => {
      await actionRef.current?.reload();
    });
    await waitFor(() => expect(request.mock.calls.map(([q]) => q.pageNo)).toEqual([2, 1]));
    expect(await screen.findByText('企业10')).toBeTruthy();
    expect(screen.queryByText('企业11')).toBeNull();
    await waitFor(() =>
      expect(container.querySelector('.ant-pagination-item-active')?.textContent).toBe('1'),
    );
    expect(container.querySelector('.ant-pagination-item-2')).toBeNull();
  });
});

describe('PagedTable before its first answer (no 暂无 while the rows are on their way)', () => {
  /** A list call that answers when the test says so. */
  function heldServer() {
    let answer: (page: PageResult<Row>) => void = () => undefined;
    let fail: (e: Error) => void = () => undefined;
    const request = vi.fn(
      () =>
        new Promise<PageResult<Row>>((resolve, reject) => {
          answer = resolve;
          fail = reject;
        }),
    );
    return { request, answer: (p: PageResult<Row>) => answer(p), fail: (e: Error) => fail(e) };
  }
  const spinning = (c: HTMLElement) => c.querySelector('.ant-table-wrapper .ant-spin-spinning') !== null;

  for (const search of [false as const, { labelWidth: 'auto' as const }]) {
    it(`shows the loading state from the first render, then the rows (${search ? 'with' : 'without'} a search form)`, async () => {
      const server = heldServer();
      const { container } = renderWithProviders(
        <PagedTable<Row>
          columns={columns}
          search={search}
          request={server.request}
          locale={{ emptyText: '本辖区暂无该企业的保单' }}
        />,
      );
      expect(spinning(container)).toBe(true);
      expect(screen.queryByText('本辖区暂无该企业的保单')).toBeNull();
      await waitFor(() => expect(server.request).toHaveBeenCalled());
      expect(screen.queryByText('本辖区暂无该企业的保单')).toBeNull();
      await act(async () => server.answer({ list: rows(2), total: 2, pageNum: 1 }));
      expect(await screen.findByText('企业2')).toBeTruthy();
      await waitFor(() => expect(spinning(container)).toBe(false));
    });
  }

  it('shows the empty text only once the answer is an empty page, or the call failed', async () => {
    for (const outcome of ['empty', 'error'] as const) {
      const server = heldServer();
      const view = renderWithProviders(
        <PagedTable<Row> columns={columns} request={server.request} locale={{ emptyText: '暂无通知公告' }} />,
      );
      await waitFor(() => expect(server.request).toHaveBeenCalled());
      expect(screen.queryByText('暂无通知公告')).toBeNull();
      await act(async () => {
        if (outcome === 'empty') server.answer({ list: [], total: 0, pageNum: 1 });
        else server.fail(new Error('网络错误'));
      });
      expect(await screen.findByText('暂无通知公告')).toBeTruthy();
      expect(spinning(view.container)).toBe(false);
      view.unmount();
    }
  });
});

describe('text ellipsis by display width (spec 5)', () => {
  const long = '宿迁市安全生产责任保险监管服务平台演示企业有限公司';

  it('cuts a width-140 text column at 17 units, counting Chinese as 2, with the whole text as tooltip', async () => {
    const cols = withTextEllipsis<Row>([{ title: '名称', dataIndex: 'name', width: 140, ellipsis: true }]);
    const request = vi.fn(async () => ({
      list: [
        { id: 1, name: long },
        { id: 2, name: 'ABC公司' },
      ],
      total: 2,
      pageNum: 1,
    }));
    renderWithProviders(<PagedTable<Row> columns={cols} search={false} options={false} request={request} />);
    // (140 - 16) / 7 = 17 units: 8 Chinese characters (16 units) fit, then …
    const cut = await screen.findByText('宿迁市安全生产责…');
    expect(cut.getAttribute('title')).toBe(long);
    expect(screen.getByText('ABC公司').getAttribute('title') ?? '').toBe('');
  });

  it('leaves columns with their own render, without a width or without ellipsis alone', () => {
    const render = () => 'x';
    const input: ProColumns<Row>[] = [
      { dataIndex: 'name', ellipsis: true },
      { dataIndex: 'name', width: 100 },
      { dataIndex: 'name', width: 100, ellipsis: true, render },
    ];
    expect(withTextEllipsis(input)).toEqual(input);
  });
});
