import type { MessageItem } from '@aqzrx/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render.tsx';
import { EntMessage } from './MessageCenter.tsx';

const item = (over: Partial<MessageItem>): MessageItem => ({
  id: 1,
  kind: 'system',
  kindName: '系统消息',
  title: '消息',
  content: '内容',
  link: '',
  bizType: '',
  bizId: '',
  read: false,
  readAt: null,
  todoState: null,
  doneAt: null,
  createdAt: '2026-03-02T02:00:00.000Z',
  ...over,
});

const MESSAGES: MessageItem[] = [
  item({
    id: 3,
    kind: 'todo',
    kindName: '待办',
    title: '评价理赔满意度：BA2026030200001',
    link: '/ent/Entazx/EntClaimDetail/route?id=7',
    bizType: 'claim',
    bizId: '7',
    todoState: 'open',
  }),
  item({
    id: 2,
    kind: 'todo',
    kindName: '待办',
    title: '修改投保申请后重新提交：泗洪县顺达建筑工程有限公司',
    read: true,
    readAt: '2026-03-01T03:00:00.000Z',
    todoState: 'done',
    doneAt: '2026-03-01T03:00:00.000Z',
  }),
  item({ id: 1, title: '理赔案件已立案：BA2026030200001', read: true, readAt: '2026-03-01T02:00:00.000Z' }),
];

const fetchMock = vi.fn<typeof fetch>();
const ok = (data: unknown) =>
  new Response(JSON.stringify({ error: 0, apiError: 0, result: 'ok', data }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });
beforeEach(() => {
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/message/unreadCount') return ok({ count: 1, todos: 1 });
    const list =
      url.searchParams.get('todo') === 'open' ? MESSAGES.filter((m) => m.todoState === 'open') : MESSAGES;
    return ok({ list, total: list.length, pageNum: 1, pageSize: 10 });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(async () => {
  // The table schedules work while it unmounts: let it run while this file's window exists (the shared
  // cleanup's single tick was not always enough under load).
  cleanup();
  await new Promise((resolve) => setTimeout(resolve, 50));
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const row = async (title: string) => (await screen.findByText(title)).closest('tr') as HTMLElement;
const listCalls = () =>
  fetchMock.mock.calls
    .map((c) => new URL(String(c[0]), 'http://localhost'))
    .filter((u) => u.pathname === '/api/message/list');

describe('消息中心 to-dos', () => {
  it('shows to-dos as 待办 with their state (待处理 / 已处理), other messages as read or unread', async () => {
    renderWithApp(<EntMessage />, { path: '/ent/center/EntMessage/route' });
    const open = await row('评价理赔满意度：BA2026030200001');
    expect(within(open).getByText('待办')).toBeTruthy();
    expect(within(open).getByTestId('todo-state').textContent).toBe('待处理');
    const done = await row('修改投保申请后重新提交：泗洪县顺达建筑工程有限公司');
    expect(within(done).getByTestId('todo-state').textContent).toBe('已处理');
    const system = await row('理赔案件已立案：BA2026030200001');
    expect(within(system).getByText('系统消息')).toBeTruthy();
    expect(within(system).getByText('已读')).toBeTruthy();
    expect(within(system).queryByTestId('todo-state')).toBeNull();
    // The 待办 tab counts the open ones.
    await waitFor(() => expect(screen.getByTestId('todo-badge').textContent).toContain('1'));
  });

  it('the 待办 tab (?tab=todo, where the header leads) lists the open to-dos only', async () => {
    const { router } = renderWithApp(<EntMessage />, { path: '/ent/center/EntMessage/route?tab=todo' });
    await row('评价理赔满意度：BA2026030200001');
    expect(screen.queryByText('理赔案件已立案：BA2026030200001')).toBeNull();
    expect(listCalls().at(-1)?.searchParams.get('todo')).toBe('open');
    // Back to all messages: the URL follows and the list shows everything again.
    fireEvent.click(screen.getByRole('tab', { name: '全部消息' }));
    await row('理赔案件已立案：BA2026030200001');
    expect(router.state.location.search).toBe('');
    expect(listCalls().at(-1)?.searchParams.get('todo')).toBeNull();
  });

  it('opening a to-do shows its state and leads to the record', async () => {
    const { router } = renderWithApp(<EntMessage />, {
      path: '/ent/center/EntMessage/route',
      extraRoutes: [{ path: '/ent/Entazx/EntClaimDetail/route', element: <p>理赔详情页</p> }],
    });
    fireEvent.click(await screen.findByText('评价理赔满意度：BA2026030200001'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('待办状态')).toBeTruthy();
    expect(within(dialog).getByTestId('todo-state').textContent).toBe('待处理');
    fireEvent.click(within(dialog).getByRole('button', { name: '查看详情' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/ent/Entazx/EntClaimDetail/route'));
    expect(router.state.location.search).toBe('?id=7');
  });
});
