import type { ResourceAdminNode } from '@aqzrx/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderScreen } from '../../test/fake-api.tsx';
import { childPathPrefix, ResourceManage } from './ResourceManage.tsx';

afterEach(() => vi.unstubAllGlobals());

const res = (
  id: number,
  parentId: number | null,
  name: string,
  path: string,
  extra: Partial<ResourceAdminNode> = {},
): ResourceAdminNode => {
  const p = path.slice(1);
  const i = p.lastIndexOf('/');
  return {
    id,
    parentId,
    resUrl: i < 0 ? '' : p.slice(0, i),
    authKey: i < 0 ? p : p.slice(i + 1),
    name,
    resName: name,
    icon: '',
    permission: '',
    level: parentId === null ? 1 : 2,
    actions: [],
    isMenu: true,
    hide: false,
    redirect: '',
    component: '',
    sort: id * 10,
    version: 4,
    builtIn: true,
    reserved: false,
    children: [],
    ...extra,
  };
};

const tree = [
  res(1, null, '系统管理', '/admin/system', {
    icon: 'SettingOutlined',
    children: [
      res(2, 1, '用户管理', '/admin/system/UserSearch/route', {
        component: 'UserSearch',
        permission: 'user',
        actions: ['add', 'edit', 'query', 'export'],
      }),
      res(3, 1, '数据字典', '/admin/system/DictManage/route', {
        component: 'DictManage',
        permission: 'dict',
        actions: ['query'],
      }),
    ],
  }),
  res(4, null, '日志审计', '/admin/log'),
  res(5, null, '安全审计', '/audit/log', {
    permission: 'audit',
    reserved: true,
    children: [
      res(6, 5, '操作日志', '/audit/log/AdminLog/route', {
        component: 'AdminLog',
        permission: 'audit',
        actions: ['query', 'get', 'export'],
        reserved: true,
      }),
    ],
  }),
];

function resourceApi() {
  return fakeApi({
    'POST /api/resource/tree': () => tree,
    'POST /api/role/getAllRole': () => [
      { id: 7, roleKey: 'ROLE_X', roleName: '审计员', displayName: '自定义角色' },
    ],
    'POST /api/role/getResListByRoleId': () => ({ grants: [{ resourceId: 3, actions: ['query'] }] }),
    'POST /api/resource/order': () => null,
    'POST /api/resource/save': () => null,
  });
}

const ALL = ['add', 'edit', 'delete', 'query', 'get'];

describe('menu resource screen', () => {
  it('moves a menu up among its siblings (the whole new order is sent)', async () => {
    const calls = resourceApi();
    renderScreen(<ResourceManage />, ALL);
    await screen.findByText('系统管理');
    fireEvent.click(screen.getByRole('button', { name: '全部展开' }));
    fireEvent.click(await screen.findByText('数据字典'));
    expect(await screen.findByText('菜单详情：数据字典')).toBeTruthy();
    expect((screen.getByRole('button', { name: '下移' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '上移' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/resource/order')).toBe(true));
    expect(calls.find((c) => c.path === '/api/resource/order')!.body).toEqual({ parentId: 1, ids: [3, 2] });
  });

  it('asks before withdrawing offered actions, then saves with the version', async () => {
    const calls = resourceApi();
    renderScreen(<ResourceManage />, ALL);
    await screen.findByText('系统管理');
    fireEvent.click(screen.getByRole('button', { name: '全部展开' }));
    fireEvent.click(await screen.findByText('用户管理'));
    const exportBox = (await screen.findByLabelText('导出')) as HTMLInputElement;
    expect(exportBox.checked).toBe(true);
    fireEvent.click(exportBox);
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText(/取消“导出”后，所有角色在该菜单上的这些授权会一并移除/)).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/resource/save')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: '确认保存' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/resource/save')).toBe(true));
    expect(calls.find((c) => c.path === '/api/resource/save')!.body).toMatchObject({
      id: 2,
      version: 4,
      name: '用户管理',
      actions: ['add', 'edit', 'query'],
    });
  });

  it('the security and audit pages are shown but offer no change (三权分立)', async () => {
    const calls = resourceApi();
    renderScreen(<ResourceManage />, ALL);
    await screen.findByText('安全审计');
    fireEvent.click(screen.getByRole('button', { name: '全部展开' }));
    fireEvent.click(await screen.findByText('操作日志'));
    expect(await screen.findByText('菜单详情：操作日志')).toBeTruthy();
    expect(screen.getByText('系统预置（三权分立）')).toBeTruthy();
    for (const name of [/保\s*存/, '上移', '下移', /移动到/, /新增下级/, /删\s*除/])
      expect(screen.queryByRole('button', { name })).toBeNull();
    expect((screen.getByLabelText('页面组件') as HTMLInputElement).disabled).toBe(true);
    expect(calls.some((c) => c.path !== '/api/resource/tree' && c.path.startsWith('/api/resource/'))).toBe(
      false,
    );
  });

  it('refuses a component name that does not start with a capital letter', async () => {
    const calls = resourceApi();
    renderScreen(<ResourceManage />, ALL);
    await screen.findByText('系统管理');
    fireEvent.click(screen.getByRole('button', { name: '全部展开' }));
    fireEvent.click(await screen.findByText('数据字典'));
    fireEvent.change(await screen.findByLabelText('页面组件'), { target: { value: 'dictManage' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('组件名须以大写字母开头，只含字母和数字')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/resource/save')).toBe(false);
  });

  it('shows a role its granted menus only; a read-only admin sees no edit buttons', async () => {
    resourceApi();
    renderScreen(<ResourceManage />, ['query']);
    await screen.findByText('日志审计');
    expect(screen.queryByRole('button', { name: /新增顶级菜单/ })).toBeNull();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '按角色查看' }));
    fireEvent.click(await screen.findByText('审计员'));
    expect(document.querySelector('.ant-select-selection-item')?.textContent).toBe('自定义角色');
    await waitFor(() => expect(screen.queryByText('日志审计')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: '全部展开' }));
    expect(await screen.findByText('数据字典')).toBeTruthy();
    expect(screen.queryByText('用户管理')).toBeNull();
    fireEvent.click(screen.getByText('数据字典'));
    expect(await screen.findByText('菜单详情：数据字典')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '上移' })).toBeNull();
    expect(screen.queryByRole('button', { name: /保\s*存/ })).toBeNull();
  });

  it('labels the new-menu path fields in Chinese, the field names only as hints, and says so in errors', async () => {
    const calls = resourceApi();
    renderScreen(<ResourceManage />, ALL);
    await screen.findByText('系统管理');
    fireEvent.click(screen.getByRole('button', { name: /新增顶级菜单/ }));
    const dialog = (
      await screen.findByText('新增顶级菜单', { selector: '.ant-modal-title' })
    ).closest<HTMLElement>('.ant-modal')!;
    const labels = [...dialog.querySelectorAll('.ant-form-item-label label')].map((l) => l.textContent);
    expect(labels).toEqual(expect.arrayContaining(['路径前缀', '路由标识', '权限标识']));
    expect(labels.join('')).not.toMatch(/resUrl|authKey/);
    fireEvent.change(within(dialog).getByLabelText('路由标识'), { target: { value: 'my page' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText('路由标识只能包含字母、数字、- 和 _')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('路由标识'), { target: { value: '' } });
    expect(await within(dialog).findByText('请输入路由标识')).toBeTruthy();
    expect(dialog.textContent).not.toMatch(/authKey/);
    expect(calls.some((c) => c.path === '/api/resource/add')).toBe(false);
  });

  it('offers the page folder as the path of a new child menu', () => {
    expect(childPathPrefix(null)).toBe('');
    expect(childPathPrefix({ resUrl: 'admin', authKey: 'system', component: '' })).toBe('admin/system/');
    expect(
      childPathPrefix({ resUrl: 'admin/system/DictManage', authKey: 'route', component: 'DictManage' }),
    ).toBe('admin/system/');
  });
});
