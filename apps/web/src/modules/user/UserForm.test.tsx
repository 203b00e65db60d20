import type { UserDetail } from '@aqzrx/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntdApp, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../platform/auth.ts';
import type { ResourceRoute } from '../../platform/resources.ts';
import { signInAs, testUser } from '../../test/user.ts';
import { UserAdd, UserEdit } from './UserForm.tsx';
import {
  assignableRoles,
  emailProblem,
  initialPasswordProblem,
  mobileProblem,
  usernameProblem,
} from './user-rules.ts';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const DUTY: Record<string, 'system' | 'security' | 'audit'> = {
  ROLE_ADMIN: 'system',
  ROLE_GOVERNMENT: 'system',
  ROLE_SECURITY_ADMIN: 'security',
  ROLE_AUDIT_ADMIN: 'audit',
};
const role = (id: number, roleKey: string, roleName: string, displayName = roleName) => ({
  id,
  roleKey,
  roleName,
  displayName,
  description: '',
  isSystem: id < 100,
  duty: DUTY[roleKey] ?? null,
  userCount: 0,
  version: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
});
const ROLES = [
  role(1, 'ROLE_ADMIN', '运营中心管理员'),
  role(2, 'ROLE_GOVERNMENT', '政府监管中心管理员'),
  role(101, 'ROLE_AUDITOR', '用户审计员', '自定义角色'),
  role(9, 'ROLE_SECURITY_ADMIN', '安全管理员'),
  role(10, 'ROLE_AUDIT_ADMIN', '审计管理员'),
];

/** Renders a user screen on its route: the resource offers `actions` of `user` (what <Action> checks). */
function renderOnRoute(ui: ReactNode, actions: string[], path = '/admin/system/UserAdd/route') {
  const resource: ResourceRoute = {
    id: 1,
    path,
    title: '用户',
    icon: '',
    hide: true,
    isMenu: false,
    component: 'UserAdd',
    redirect: '',
    permission: 'user',
    actions,
    children: [],
  };
  const router = createMemoryRouter([{ path: '*', element: ui, handle: { resource } }], {
    initialEntries: [path],
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <ConfigProvider locale={zhCN}>
      <AntdApp>
        <QueryClientProvider client={client}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntdApp>
    </ConfigProvider>,
  );
}
const renderAdd = () => renderOnRoute(<UserAdd />, ['add']);

function signIn(roleKey: string, actionList = ['add', 'query']) {
  signInAs(testUser({ roleKey, roleName: roleKey, permissions: { user: actionList } }), { loaded: true });
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.includes('/api/role/getAllRole'))
      return json(200, { error: 0, apiError: 0, result: 'ok', data: ROLES });
    if (url.includes('/api/sys/user/add'))
      return json(200, { error: 0, apiError: 0, result: '新增成功', data: { id: 77 } });
    return json(404, { error: 404, apiError: 404, result: 'not found' });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  authStore.set({ ...authStore.get(), user: null, loaded: false });
});

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const submit = () => fireEvent.click(screen.getByRole('button', { name: /创建用户/ }));
const errors = () => [...document.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent);
const addCalls = () => fetchMock.mock.calls.filter(([u]) => String(u).includes('/api/sys/user/add'));

describe('user form rules (same messages as the server)', () => {
  it('checks username, mobile, e-mail and the initial password', () => {
    expect(usernameProblem('')).toBe('请输入用户名');
    expect(usernameProblem('ab')).toBe('用户名至少3个字符');
    expect(usernameProblem('张三丰')).toBe('用户名只能包含字母、数字和 _ . @ -，且以字母或数字开头');
    expect(usernameProblem('_abc')).toContain('以字母或数字开头');
    expect(usernameProblem('li.si@dept')).toBeNull();
    expect(mobileProblem('')).toBeNull();
    expect(mobileProblem('1381234567')).toBe('请输入正确的11位手机号');
    expect(mobileProblem('+8613812345678')).toBeNull();
    expect(emailProblem('a@b')).toBe('请输入正确的邮箱地址');
    expect(emailProblem('a@b.cn')).toBeNull();
    expect(initialPasswordProblem('', {})).toBe('请输入初始密码');
    expect(initialPasswordProblem('short1A', {})).toBe('密码长度至少8位');
    expect(initialPasswordProblem('alllowercase', {})).toContain('三类');
    expect(initialPasswordProblem('Zhang3feng!', { username: 'zhang3feng' })).toBe('密码不能包含用户名');
    expect(initialPasswordProblem('X13812345678y', { mobile: '13812345678' })).toBe('密码不能包含手机号');
    expect(initialPasswordProblem('Quiet#River42', { username: 'lisi' })).toBeNull();
  });

  it('offers a government administrator only its own role, and nobody the security or audit role', () => {
    expect(assignableRoles(ROLES, 'ROLE_GOVERNMENT').map((r) => r.roleKey)).toEqual(['ROLE_GOVERNMENT']);
    // 三权分立: the security administrator grants those (账号安全), never the user form.
    expect(assignableRoles(ROLES, 'ROLE_ADMIN').map((r) => r.roleKey)).toEqual([
      'ROLE_ADMIN',
      'ROLE_GOVERNMENT',
      'ROLE_AUDITOR',
    ]);
  });
});

describe('<UserAdd>', () => {
  it('refuses an empty form with a message per field and sends nothing', async () => {
    signIn('ROLE_ADMIN');
    renderAdd();
    await screen.findByLabelText('用户名');
    submit();
    await waitFor(() => expect(errors()).toEqual(['请输入用户名', '请输入初始密码', '请选择角色']), {
      timeout: 5000,
    });
    expect(addCalls()).toHaveLength(0);
  });

  it('explains bad input: username characters, short mobile, password containing the username', async () => {
    signIn('ROLE_ADMIN');
    renderAdd();
    fireEvent.change(await screen.findByLabelText('用户名'), { target: { value: '王五六' } });
    fireEvent.change(field('手机号'), { target: { value: '1391234' } });
    fireEvent.change(field('初始密码'), { target: { value: 'abc' } });
    submit();
    expect(
      await screen.findByText(
        '用户名只能包含字母、数字和 _ . @ -，且以字母或数字开头',
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    expect(screen.getByText('请输入正确的11位手机号')).toBeTruthy();
    expect(screen.getByText('密码长度至少8位')).toBeTruthy();
    fireEvent.change(field('用户名'), { target: { value: 'wangwu' } });
    fireEvent.change(field('初始密码'), { target: { value: 'Wangwu#2026' } });
    expect(await screen.findByText('密码不能包含用户名', {}, { timeout: 5000 })).toBeTruthy();
    expect(addCalls()).toHaveLength(0);
  });

  it('sends a valid user with a generated temporary password that must be changed', async () => {
    signIn('ROLE_ADMIN');
    renderAdd();
    fireEvent.change(await screen.findByLabelText('用户名'), { target: { value: 'auditor01' } });
    fireEvent.click(screen.getByRole('button', { name: '生成' }));
    await waitFor(() => expect(field('初始密码').value).toHaveLength(12));
    fireEvent.change(field('昵称'), { target: { value: '审计员' } });
    fireEvent.change(field('手机号'), { target: { value: '13912345678' } });
    // Pick the custom role (shown with 自定义角色).
    fireEvent.mouseDown(field('角色'));
    // Found by its own name although it is labelled 自定义角色.
    fireEvent.change(field('角色'), { target: { value: '审计' } });
    await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option')).toHaveLength(1));
    fireEvent.change(field('角色'), { target: { value: '' } });
    fireEvent.click(await screen.findByText('用户审计员'));
    const options = [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);
    expect(options).toContain('自定义角色用户审计员');
    expect(options.join(' ')).not.toMatch(/ROLE_/);
    submit();
    await waitFor(() => expect(addCalls()).toHaveLength(1));
    const body = JSON.parse(String(addCalls()[0]![1]!.body));
    expect(body).toMatchObject({
      username: 'auditor01',
      nickname: '审计员',
      mobile: '13912345678',
      email: null,
      roleId: 101,
      orgId: null,
      mustChangePassword: true,
      districtCodes: [],
    });
    expect(body.password).toHaveLength(12);
    // The temporary password is shown once.
    const shown = await screen.findByTestId('temp-password');
    expect(within(shown).getByText(body.password)).toBeTruthy();
  });

  it('a government administrator gets its own role preselected and cannot choose another', async () => {
    signIn('ROLE_GOVERNMENT');
    renderAdd();
    await screen.findByLabelText('用户名');
    await waitFor(() => expect(screen.getByText('政府监管中心管理员')).toBeTruthy(), { timeout: 5000 });
    fireEvent.mouseDown(field('角色'));
    await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option')).toHaveLength(1));
    // Regulators have a jurisdiction.
    expect(screen.getByLabelText('管辖区县')).toBeTruthy();
  });
});

describe('submit buttons follow the action directive', () => {
  const USER: UserDetail = {
    id: 9,
    username: 'auditor01',
    nickname: '审计员',
    avatar: '',
    mobile: '',
    email: '',
    status: 1,
    statusLabel: '正常',
    roleId: 101,
    roleKey: 'ROLE_AUDITOR',
    roleName: '用户审计员',
    roleDisplay: '自定义角色',
    duty: null,
    orgId: null,
    orgName: '',
    orgType: null,
    isOrg: false,
    locked: false,
    lockedUntil: null,
    lastLoginAt: null,
    idle: false,
    lastLoginIp: '',
    activeSessions: 0,
    districtCodes: [],
    mustChangePassword: false,
    revealed: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    version: 1,
  };
  beforeEach(() => {
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.includes('/api/role/getAllRole'))
        return json(200, { error: 0, apiError: 0, result: 'ok', data: ROLES });
      if (url.includes('/api/sys/user/getUserById'))
        return json(200, { error: 0, apiError: 0, result: 'ok', data: USER });
      return json(404, { error: 404, apiError: 404, result: 'not found' });
    });
  });

  it('创建用户 needs user.add on the add route', async () => {
    signIn('ROLE_ADMIN', ['query']);
    renderAdd();
    await screen.findByLabelText('用户名');
    expect(screen.queryByRole('button', { name: /创建用户/ })).toBeNull();
    expect(screen.getByRole('button', { name: /取\s*消/ })).toBeTruthy();
  });

  it('保存 on the edit route needs user.edit', async () => {
    signIn('ROLE_ADMIN', ['query', 'edit']);
    const path = '/admin/system/UserEdit/route?id=9';
    const { unmount } = renderOnRoute(<UserEdit />, ['edit'], path);
    expect(await screen.findByDisplayValue('审计员', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: /保\s*存/ })).toBeTruthy();
    unmount();

    signIn('ROLE_ADMIN', ['query']);
    renderOnRoute(<UserEdit />, ['edit'], path);
    expect(await screen.findByDisplayValue('审计员', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /保\s*存/ })).toBeNull();
  });
});
