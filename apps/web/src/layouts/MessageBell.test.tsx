import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ResourceRoute } from '../platform/resources.ts';
import { renderWithApp } from '../test/render.tsx';
import { MessageBell, messageCentre } from './MessageBell.tsx';

const route = (path: string, component: string, permission: string, hide = false): ResourceRoute => ({
  id: path.length,
  path,
  title: path,
  icon: '',
  hide,
  isMenu: true,
  component,
  redirect: '',
  permission,
  actions: ['query'],
  children: [],
});
const group = (path: string, children: ResourceRoute[]): ResourceRoute => ({
  ...route(path, 'RouteView', children[0]?.permission ?? ''),
  children,
});

const entTree = [
  group('/ent/Entazx', [route('/ent/Entazx/EntClaimManage/route', 'EntClaimManage', 'claim')]),
  group('/ent/center', [route('/ent/center/EntMessage/route', 'EntMessage', 'message')]),
];

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(async () => {
  // Let what the unmount queues run while this file's window exists (see test-setup.ts).
  cleanup();
  await new Promise((resolve) => setTimeout(resolve, 50));
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('MessageBell', () => {
  it("finds the role's message centre in the menu tree", () => {
    expect(messageCentre(entTree)?.path).toBe('/ent/center/EntMessage/route');
    expect(messageCentre([group('/x', [route('/x/a', 'GovEntList', 'enterprise')])])).toBeUndefined();
  });

  it('shows the unread count and opens the message centre', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ error: 0, apiError: 0, result: 'ok', data: { count: 3 } }), {
        status: 200,
      }),
    );
    const { router } = renderWithApp(<MessageBell tree={entTree} />);
    const bell = await screen.findByRole('button', { name: '消息中心（3条未读）' });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/message/unreadCount');
    fireEvent.click(bell);
    await waitFor(() => expect(router.state.location.pathname).toBe('/ent/center/EntMessage/route'));
  });

  it('shows the open to-dos apart from the unread count, leading to the centre’s 待办 tab', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ error: 0, apiError: 0, result: 'ok', data: { count: 3, todos: 2 } }), {
        status: 200,
      }),
    );
    const { router } = renderWithApp(<MessageBell tree={entTree} />);
    const todo = await screen.findByRole('button', { name: '待办（2项待处理）' });
    expect(screen.getByRole('button', { name: '消息中心（3条未读）' })).toBeTruthy();
    expect(todo.querySelector('.ant-badge-count')?.textContent).toBe('2');
    fireEvent.click(todo);
    await waitFor(() => expect(router.state.location.pathname).toBe('/ent/center/EntMessage/route'));
    expect(router.state.location.search).toBe('?tab=todo');
  });

  it('shows no 待办 button while no to-do is open', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ error: 0, apiError: 0, result: 'ok', data: { count: 1, todos: 0 } }), {
        status: 200,
      }),
    );
    renderWithApp(<MessageBell tree={entTree} />);
    await screen.findByRole('button', { name: '消息中心（1条未读）' });
    expect(screen.queryByTestId('todo-bell')).toBeNull();
  });

  it('renders nothing and asks nothing for a role without a message centre', () => {
    const { container } = renderWithApp(<MessageBell tree={[group('/x', [route('/x/a', 'A', 'a')])]} />);
    expect(container.querySelector('[data-testid="message-bell"]')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
