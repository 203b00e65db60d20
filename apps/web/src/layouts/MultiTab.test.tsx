import type { ResourceNode } from '@aqzrx/contracts';
import { act, render, waitFor } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { authStore } from '../platform/auth.ts';
import { signInAs, testUser } from '../test/user.ts';
import { MultiTab } from './MultiTab.tsx';

const node = (id: number, path: string, name: string): ResourceNode => {
  const i = path.lastIndexOf('/');
  return {
    id,
    resUrl: path.slice(1, i),
    authKey: path.slice(i + 1),
    name,
    resName: name,
    icon: '',
    permission: 'x',
    level: 1,
    action: 'query',
    isMenu: true,
    hide: false,
    redirect: '',
    component: `C${id}`,
    children: [],
  };
};
const RESOURCES = [
  node(1, '/admin/system/UserSearch/route', '用户管理'),
  node(2, '/admin/log/AdminLog/route', '操作日志'),
  node(3, '/admin/home/AdminIndex/route', '工作台'),
];
const KEY = 'aqzrx__multiTabs';

function signIn(uid: number) {
  signInAs(testUser({ uid }), { resources: RESOURCES, loaded: true });
}

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '*', element: <MultiTab />, handle: { title: '工作台' } }], {
    initialEntries: [path],
  });
  render(
    <AntdApp>
      <RouterProvider router={router} />
    </AntdApp>,
  );
  return router;
}
const tabTitles = () => [...document.querySelectorAll('[data-tab-key]')].map((e) => e.textContent);

afterEach(() => {
  sessionStorage.clear();
  authStore.set({ ...authStore.get(), user: null, resources: [], loaded: false });
});

describe('multi-tab bar across a reload', () => {
  it('reopens the tabs of this browser tab after F5, dropping pages the user may no longer open', async () => {
    sessionStorage.setItem(
      KEY,
      JSON.stringify({
        uid: 5,
        tabs: [
          { key: '/admin/system/UserSearch/route', title: '用户管理' },
          { key: '/admin/system/RoleManage/route', title: '角色权限' },
          { key: '/admin/log/AdminLog/route?kind=query', title: '操作日志' },
        ],
      }),
    );
    signIn(5);
    renderAt('/admin/home/AdminIndex/route');
    await waitFor(() => expect(tabTitles()).toEqual(['用户管理', '操作日志', '工作台']));
    // What is open now is kept for the next reload.
    await waitFor(() =>
      expect(JSON.parse(sessionStorage.getItem(KEY)!).tabs.map((t: { key: string }) => t.key)).toEqual([
        '/admin/system/UserSearch/route',
        '/admin/log/AdminLog/route?kind=query',
        '/admin/home/AdminIndex/route',
      ]),
    );
  });

  it('another user in the same browser tab starts with only the current page', async () => {
    sessionStorage.setItem(
      KEY,
      JSON.stringify({ uid: 5, tabs: [{ key: '/admin/system/UserSearch/route', title: '用户管理' }] }),
    );
    signIn(6);
    renderAt('/admin/home/AdminIndex/route');
    await waitFor(() => expect(tabTitles()).toEqual(['工作台']));
    act(() => signIn(5));
    await waitFor(() => expect(tabTitles()).toEqual(['工作台']));
  });
});
