import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { testUser } from '../test/user.ts';
import { Action } from './access.tsx';
import { authStore } from './auth.ts';
import { toResourceRoutes } from './resources.ts';

const user = testUser({
  username: 'gov',
  nickname: '监管员',
  roleKey: 'ROLE_GOVERNMENT',
  roleName: '政府',
  permissions: { enterprise: ['query', 'get', 'add'] },
});

const [resource] = toResourceRoutes([
  {
    id: 1,
    resUrl: 'government/govEnt/GovEntList',
    authKey: 'route',
    name: '企业列表',
    resName: '',
    icon: '',
    permission: 'enterprise',
    level: 1,
    action: 'add,edit,query',
    isMenu: true,
    hide: false,
    redirect: '',
    component: 'GovEntList',
    children: [],
  },
]);

function renderAt(ui: ReactNode) {
  const router = createMemoryRouter([{ path: '/', element: ui, handle: { resource } }], {
    initialEntries: ['/'],
  });
  render(<RouterProvider router={router} />);
}

afterEach(() => authStore.set({ ...authStore.get(), user: null }));

describe('<Action> (spec 6)', () => {
  it('checks permissionId.action against the user permissions', () => {
    authStore.set({ ...authStore.get(), user });
    renderAt(
      <>
        <Action permission="enterprise.add">
          <button type="button">新增</button>
        </Action>
        <Action permission="enterprise.delete" fallback={<span>无删除权限</span>}>
          <button type="button">删除</button>
        </Action>
      </>,
    );
    expect(screen.getByRole('button', { name: '新增' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '删除' })).toBeNull();
    expect(screen.getByText('无删除权限')).toBeTruthy();
  });

  it('checks an action of the current route against its resource and the user grant', () => {
    authStore.set({ ...authStore.get(), user });
    renderAt(
      <>
        <Action name="add">
          <button type="button">新增</button>
        </Action>
        <Action name="edit">
          <button type="button">编辑</button>
        </Action>
        <Action name="export">
          <button type="button">导出</button>
        </Action>
      </>,
    );
    expect(screen.getByRole('button', { name: '新增' })).toBeTruthy();
    // The resource offers edit but the role does not hold it; export is not offered at all.
    expect(screen.queryByRole('button', { name: '编辑' })).toBeNull();
    expect(screen.queryByRole('button', { name: '导出' })).toBeNull();
  });
});
