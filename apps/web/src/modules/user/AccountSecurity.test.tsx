import type { RoleRow, UserRow } from '@aqzrx/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useNavigate } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../platform/auth.ts';
import { renderWithApp } from '../../test/render.tsx';
import { signInAs, testUser } from '../../test/user.ts';
import { AccountSecurity, dutyRoleChoices } from './AccountSecurity.tsx';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const ok = (data: unknown, result = 'ok') => json(200, { error: 0, apiError: 0, result, data });

const role = (id: number, roleKey: string, roleName: string, duty: RoleRow['duty']): RoleRow => ({
  id,
  roleKey,
  roleName,
  displayName: roleName,
  description: '',
  isSystem: true,
  duty,
  userCount: 0,
  version: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
});
const ROLES = [
  role(1, 'ROLE_ADMIN', '运营中心管理员', 'system'),
  role(2, 'ROLE_GOVERNMENT', '政府监管中心管理员', 'system'),
  role(3, 'ROLE_ENT', '企业用户', null),
  role(7, 'ROLE_USER', '普通用户', null),
  role(9, 'ROLE_SECURITY_ADMIN', '安全管理员', 'security'),
  role(10, 'ROLE_AUDIT_ADMIN', '审计管理员', 'audit'),
];

const base: UserRow = {
  id: 5,
  username: 'staff01',
  nickname: '值班员',
  avatar: '',
  mobile: '139****1112',
  status: 1,
  statusLabel: '正常',
  roleId: 7,
  roleKey: 'ROLE_USER',
  roleName: '普通用户',
  roleDisplay: '自定义角色',
  duty: null,
  orgId: null,
  orgName: '',
  isOrg: false,
  locked: true,
  lastLoginAt: '2026-11-26T02:45:00.000Z',
  idle: false,
  createdAt: '2026-11-20T01:00:00.000Z',
  version: 3,
};
const gov: UserRow = {
  ...base,
  id: 9,
  username: 'gov',
  roleId: 2,
  roleKey: 'ROLE_GOVERNMENT',
  roleDisplay: '政府监管中心管理员',
  duty: 'system',
  locked: false,
};

const calls = () => fetchMock.mock.calls.map(([u, init]) => ({ url: String(u), body: init?.body }));

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.includes('/api/role/getAllRole')) return ok(ROLES);
    if (url.includes('searchUserList')) return ok({ list: [base, gov], total: 2, pageNum: 1 });
    if (url.includes('/api/sys/user/unlock')) return ok({ wasLocked: true }, '已解除锁定');
    if (url.includes('/api/sys/user/mfa/reset'))
      return ok(null, '已重置二次验证，该用户下次登录须重新绑定验证器');
    if (url.includes('/api/sys/user/dutyRole'))
      return ok({ roleChanged: true, revoked: 1 }, '角色已调整，该用户需重新登录');
    if (url.includes('/api/sys/user/getUserSessions')) return ok([]);
    if (url.includes('/api/sys/user/disableIdle')) return ok(null, '已停用，该用户的登录已失效');
    return json(404, { error: 404, apiError: 404, result: 'not found' });
  });
  signInAs(
    testUser({
      roleKey: 'ROLE_SECURITY_ADMIN',
      roleName: '安全管理员',
      permissions: { user: ['query', 'get'], userSecurity: ['query', 'get', 'edit'] },
    }),
    { loaded: true },
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  authStore.set({ ...authStore.get(), user: null, loaded: false });
});

describe('账号安全 (the security administrator)', () => {
  it('offers the security and audit roles, 普通用户 only to revoke one, and nothing for a system-duty account', () => {
    const keys = (u: Pick<UserRow, 'duty' | 'roleId'>) => dutyRoleChoices(ROLES, u).map((r) => r.roleKey);
    expect(keys(base)).toEqual(['ROLE_SECURITY_ADMIN', 'ROLE_AUDIT_ADMIN']);
    expect(keys({ duty: 'audit', roleId: 10 })).toEqual(['ROLE_USER', 'ROLE_SECURITY_ADMIN']);
    expect(keys(gov)).toEqual([]);
  });

  it('unlocks a locked account and resets a regulator’s second factor after a confirmation', async () => {
    renderWithApp(<AccountSecurity />, { actions: ['query', 'get', 'edit'] });
    const staff = (await screen.findByText('staff01')).closest('tr') as HTMLElement;
    expect(within(staff).getByText('已锁定')).toBeTruthy();
    fireEvent.click(within(staff).getByRole('button', { name: '解除锁定' }));
    expect(await screen.findByText('已解除锁定')).toBeTruthy();
    expect(calls().some((c) => c.url.includes('/api/sys/user/unlock?id=5'))).toBe(true);

    const govRow = screen.getByText('gov').closest('tr') as HTMLElement;
    // A regulator's account is the system administrator's duty: no role change offered here.
    expect(within(govRow).queryByRole('button', { name: '解除锁定' })).toBeNull();
    fireEvent.click(within(govRow).getByRole('button', { name: /更\s*多/ }));
    await screen.findByRole('menuitem', { name: '重置二次验证' });
    expect(screen.queryByRole('menuitem', { name: '调整管理员角色' })).toBeNull();
    fireEvent.click(screen.getByRole('menuitem', { name: '重置二次验证' }));
    const dialog = (await screen.findAllByText('重置 gov 的二次验证？'))[0]!.closest<HTMLElement>(
      '.ant-modal',
    )!;
    fireEvent.click(within(dialog).getByRole('button', { name: '重置二次验证' }));
    expect(await screen.findByText('已重置二次验证，该用户下次登录须重新绑定验证器')).toBeTruthy();
    expect(calls().some((c) => c.url.includes('/api/sys/user/mfa/reset?id=9'))).toBe(true);
  });

  it('grants the audit role with the account’s version; the role is required', async () => {
    renderWithApp(<AccountSecurity />, { actions: ['query', 'get', 'edit'] });
    const staff = (await screen.findByText('staff01')).closest('tr') as HTMLElement;
    fireEvent.click(within(staff).getByRole('button', { name: /更\s*多/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: '调整管理员角色' }));
    const dialog = (await screen.findAllByText('调整管理员角色：staff01'))[0]!.closest<HTMLElement>(
      '.ant-modal',
    )!;
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('请选择角色')).toBeTruthy();
    expect(calls().some((c) => c.url.includes('dutyRole'))).toBe(false);
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: '调整为' }));
    const options = [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);
    expect(options).toEqual(['安全管理员', '审计管理员']);
    fireEvent.click(await screen.findByTitle('审计管理员'));
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls().some((c) => c.url.includes('/api/sys/user/dutyRole'))).toBe(true));
    const sent = calls().find((c) => c.url.includes('/api/sys/user/dutyRole'))!;
    expect(JSON.parse(String(sent.body))).toEqual({ id: 5, version: 3, roleId: 10 });
    expect(await screen.findByText('角色已调整，该用户需重新登录')).toBeTruthy();
  });

  it('without the edit action it only lists accounts and their sessions', async () => {
    signInAs(
      testUser({
        roleKey: 'ROLE_SECURITY_ADMIN',
        permissions: { user: ['query', 'get'], userSecurity: ['query', 'get'] },
      }),
      { loaded: true },
    );
    renderWithApp(<AccountSecurity />, { actions: ['query', 'get'] });
    const staff = (await screen.findByText('staff01')).closest('tr') as HTMLElement;
    expect(within(staff).queryByRole('button', { name: '解除锁定' })).toBeNull();
    expect(within(staff).queryByRole('button', { name: /更\s*多/ })).toBeNull();
    fireEvent.click(within(staff).getByRole('button', { name: '登录会话' }));
    expect(await screen.findByText('该用户当前没有登录会话')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '全部强制下线' })).toBeNull();
  });

  it('长期未登录: the report’s link presets the filter; an idle account is flagged and disabled after a confirmation', async () => {
    const idle: UserRow = { ...base, id: 11, username: 'old01', locked: false, idle: true };
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.includes('/api/role/getAllRole')) return ok(ROLES);
      if (url.includes('searchUserList')) return ok({ list: [idle, gov], total: 2, pageNum: 1 });
      if (url.includes('/api/sys/user/disableIdle')) return ok(null, '已停用，该用户的登录已失效');
      return json(404, { error: 404, apiError: 404, result: 'not found' });
    });
    renderWithApp(<AccountSecurity />, {
      actions: ['query', 'get', 'edit'],
      path: '/security/manage/AccountSecurity/route?idle=1',
    });
    const row = (await screen.findByText('old01')).closest('tr') as HTMLElement;
    // The list was asked for the idle accounts only.
    expect(calls().find((c) => c.url.includes('searchUserList'))?.url).toContain('idle=1');
    expect(within(row).getByText('长期未登录')).toBeTruthy();
    // An active account offers no such disable.
    const govRow = screen.getByText('gov').closest('tr') as HTMLElement;
    fireEvent.click(within(govRow).getByRole('button', { name: /更\s*多/ }));
    await screen.findByRole('menuitem', { name: '重置二次验证' });
    expect(screen.queryByRole('menuitem', { name: '停用（长期未登录）' })).toBeNull();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });

    fireEvent.click(within(row).getByRole('button', { name: /更\s*多/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: '停用（长期未登录）' }));
    const dialog = (await screen.findAllByText('停用长期未登录账号 old01？'))[0]!.closest<HTMLElement>(
      '.ant-modal',
    )!;
    expect(calls().some((c) => c.url.includes('disableIdle'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: '停 用' }));
    expect(await screen.findByText('已停用，该用户的登录已失效')).toBeTruthy();
    expect(calls().some((c) => c.url.includes('/api/sys/user/disableIdle?id=11'))).toBe(true);
  });

  it('长期未登录: the report’s link opened while the page is open applies the filter', async () => {
    function WithLink() {
      const navigate = useNavigate();
      return (
        <>
          <button type="button" onClick={() => navigate('/security/manage/AccountSecurity/route?idle=1')}>
            打开提醒链接
          </button>
          <AccountSecurity />
        </>
      );
    }
    renderWithApp(<WithLink />, {
      actions: ['query', 'get', 'edit'],
      path: '/security/manage/AccountSecurity/route',
    });
    await screen.findByText('staff01');
    const searches = () => calls().filter((c) => c.url.includes('searchUserList'));
    expect(searches().every((c) => !c.url.includes('idle='))).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '打开提醒链接' }));
    await waitFor(() => expect(searches().at(-1)?.url).toContain('idle=1'));
  });
});
