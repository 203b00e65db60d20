import type { RoleRow, UserRow } from '@aqzrx/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIST_WIDTH_AT_1440 } from '../../components/index.ts';
import { authStore } from '../../platform/auth.ts';
import { renderWithApp } from '../../test/render.tsx';
import { signInAs, testUser } from '../../test/user.ts';
import { EXPORT_REASON_MESSAGE } from './ExportUsersModal.tsx';
import { MOBILE_SEARCH_MESSAGE, UserSearch } from './UserSearch.tsx';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const ok = (data: unknown) => json(200, { error: 0, apiError: 0, result: 'ok', data });

const role = (id: number, roleKey: string, roleName: string, displayName: string): RoleRow => ({
  id,
  roleKey,
  roleName,
  displayName,
  description: '',
  isSystem: true,
  duty: roleKey === 'ROLE_ADMIN' ? 'system' : null,
  userCount: 0,
  version: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
});
const ROLES = [
  role(1, 'ROLE_ADMIN', '运营中心管理员', '运营中心管理员'),
  role(7, 'ROLE_USER', '普通用户', '自定义角色'),
  role(8, 'ROLE_TECHNOLOGY', '其他技术用户', '自定义角色'),
];

const row: UserRow = {
  id: 5,
  username: 'walker01',
  nickname: '测试管理员（走查）',
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
  version: 1,
};

function signIn() {
  signInAs(testUser({ permissions: { user: ['query', 'get', 'edit', 'delete', 'disable'] } }), {
    loaded: true,
  });
}
const listCalls = () =>
  fetchMock.mock.calls
    .map(([u]) => new URL(String(u), 'http://x'))
    .filter((u) => u.pathname.includes('searchUserList'));

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.includes('/api/role/getAllRole')) return ok(ROLES);
    if (url.includes('searchUserList')) return ok({ list: [row], total: 1, pageNum: 1 });
    return json(404, { error: 404, apiError: 404, result: 'not found' });
  });
  signIn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  authStore.set({ ...authStore.get(), user: null, loaded: false });
});

const mobileInput = () => screen.getByPlaceholderText('完整11位手机号');
const search = () => fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));

describe('用户管理 search', () => {
  it('stops a partial mobile at the field, in Chinese, without asking the server', async () => {
    renderWithApp(<UserSearch />, { actions: ['query'] });
    await waitFor(() => expect(listCalls()).toHaveLength(1));
    fireEvent.change(mobileInput(), { target: { value: '123' } });
    search();
    expect(await screen.findByText(MOBILE_SEARCH_MESSAGE)).toBeTruthy();
    await new Promise((r) => setTimeout(r, 100));
    expect(listCalls()).toHaveLength(1);

    fireEvent.change(mobileInput(), { target: { value: '13900001112' } });
    search();
    await waitFor(() => expect(listCalls()).toHaveLength(2));
    expect(listCalls()[1]!.searchParams.get('mobile')).toBe('13900001112');
  });

  it('the role filter offers the spec 1 display names, never role keys; custom roles show their own name', async () => {
    renderWithApp(<UserSearch />, { actions: ['query'] });
    expect(await screen.findByText('walker01')).toBeTruthy();
    expect(screen.getByText('自定义角色')).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '角色' }));
    await screen.findAllByText('运营中心管理员');
    const options = [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);
    expect(options).toContain('运营中心管理员');
    expect(options).toContain('自定义角色普通用户');
    expect(options).toContain('自定义角色其他技术用户');
    expect(options.join(' ')).not.toMatch(/ROLE_|（|）/);
  });

  it('flags accounts 长期未登录 in the 最近登录 column and filters by it (security.md A08)', async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.includes('/api/role/getAllRole')) return ok(ROLES);
      if (url.includes('searchUserList'))
        return ok({
          list: [
            row,
            { ...row, id: 6, username: 'idle01', nickname: '', idle: true, locked: false, lastLoginAt: null },
          ],
          total: 2,
          pageNum: 1,
        });
      return json(404, { error: 404, apiError: 404, result: 'not found' });
    });
    renderWithApp(<UserSearch />, { actions: ['query'] });
    expect(await screen.findByText('idle01')).toBeTruthy();
    expect(screen.getAllByText('长期未登录', { selector: '.ant-tag' })).toHaveLength(1);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '长期未登录' }));
    fireEvent.click(await screen.findByTitle('是'));
    search();
    await waitFor(() => expect(listCalls().at(-1)!.searchParams.get('idle')).toBe('1'));
  });

  it('fits every column beside the menu at 1440 px: nickname under the name, tags whole', async () => {
    const { container } = renderWithApp(<UserSearch />, { actions: ['query', 'get', 'edit', 'delete'] });
    expect(await screen.findByText('walker01')).toBeTruthy();
    const table = container.querySelector<HTMLTableElement>(
      '.ant-table-content table, .ant-table-body table',
    );
    const width = Number.parseInt(table?.style.width ?? '', 10);
    expect(width).toBeGreaterThan(900);
    expect(width).toBeLessThanOrEqual(LIST_WIDTH_AT_1440);
    for (const header of [
      '用户名/昵称',
      '角色',
      '所属机构',
      '手机号',
      '状态',
      '最近登录',
      '创建时间',
      '操作',
    ])
      expect(screen.getByRole('columnheader', { name: new RegExp(header) })).toBeTruthy();
    expect(screen.getByText('测试管理员（走查）')).toBeTruthy();
    expect(screen.getByText('已锁定')).toBeTruthy();
    expect(screen.getByText('2026-11-20')).toBeTruthy();
  });

  it('deletes from the 更多 menu after a confirmation', async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.includes('/api/role/getAllRole')) return ok(ROLES);
      if (url.includes('/api/sys/user/delete'))
        return json(200, { error: 0, apiError: 0, result: '删除成功' });
      if (url.includes('searchUserList')) return ok({ list: [row], total: 1, pageNum: 1 });
      return json(404, { error: 404, apiError: 404, result: 'not found' });
    });
    renderWithApp(<UserSearch />, { actions: ['query', 'get', 'delete'] });
    expect(await screen.findByText('walker01')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /更\s*多/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: '删除' }));
    const dialog = (await screen.findAllByText('删除用户 walker01？'))[0]!.closest<HTMLElement>(
      '.ant-modal',
    )!;
    fireEvent.click(within(dialog).getByRole('button', { name: /删\s*除/ }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/api/sys/user/delete'))).toBe(true),
    );
  });

  it('offers no unlock, second-factor reset or sessions (the security administrator’s), and no change of a security or audit administrator', async () => {
    const secadmin: UserRow = {
      ...row,
      id: 9,
      username: 'secadmin',
      roleKey: 'ROLE_SECURITY_ADMIN',
      roleDisplay: '安全管理员',
      duty: 'security',
      locked: true,
    };
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.includes('/api/role/getAllRole')) return ok(ROLES);
      if (url.includes('searchUserList')) return ok({ list: [secadmin, row], total: 2, pageNum: 1 });
      return json(404, { error: 404, apiError: 404, result: 'not found' });
    });
    renderWithApp(<UserSearch />, { actions: ['query', 'get', 'edit', 'delete', 'enable', 'disable'] });
    const secRow = (await screen.findByText('secadmin')).closest('tr') as HTMLElement;
    expect(within(secRow).getByText('安全管理员管理')).toBeTruthy();
    expect(within(secRow).queryByRole('button', { name: /编\s*辑|停\s*用|更\s*多/ })).toBeNull();
    // The other row: its 更多 menu has no security operation, even though it is locked.
    const other = screen.getByText('walker01').closest('tr') as HTMLElement;
    fireEvent.click(within(other).getByRole('button', { name: /更\s*多/ }));
    await screen.findByRole('menuitem', { name: '删除' });
    for (const item of ['解除锁定', '重置二次验证', '登录会话'])
      expect(screen.queryByRole('menuitem', { name: item })).toBeNull();
  });

  describe('export dialog (security.md P04)', () => {
    const exportCalls = () =>
      fetchMock.mock.calls
        .map(([u]) => new URL(String(u), 'http://x'))
        .filter((u) => u.pathname.includes('searchUserListByExcl'));
    beforeEach(() => {
      vi.stubGlobal(
        'URL',
        Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }),
      );
      fetchMock.mockImplementation(async (input) => {
        const url = String(input);
        if (url.includes('/api/role/getAllRole')) return ok(ROLES);
        if (url.includes('searchUserListByExcl'))
          return new Response(new Blob(['xlsx']), {
            headers: {
              'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
              'x-export-rows': '1',
            },
          });
        if (url.includes('searchUserList')) return ok({ list: [row], total: 1, pageNum: 1 });
        return json(404, { error: 404, apiError: 404, result: 'not found' });
      });
    });
    const openDialog = async () => {
      expect(await screen.findByText('walker01')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: /导\s*出/ }));
      return (await screen.findByText('导出用户')).closest<HTMLElement>('.ant-modal')!;
    };

    it('exports masked mobiles by default; the full-number choice is not offered without userSensitive.export', async () => {
      signInAs(testUser({ permissions: { user: ['query', 'export'] } }), { loaded: true });
      renderWithApp(<UserSearch />, { actions: ['query', 'export'] });
      const dialog = await openDialog();
      expect(within(dialog).queryByRole('checkbox', { name: '导出完整手机号' })).toBeNull();
      expect(within(dialog).getByText('导出完整手机号需要“用户敏感信息 导出”权限。')).toBeTruthy();
      fireEvent.click(within(dialog).getByRole('button', { name: /导\s*出/ }));
      await waitFor(() => expect(exportCalls()).toHaveLength(1));
      expect(exportCalls()[0]!.searchParams.get('mobiles')).toBeNull();
      expect(exportCalls()[0]!.searchParams.get('exportReason')).toBeNull();
      expect(await screen.findByText('已导出 1 个用户')).toBeTruthy();
    });

    it('full mobiles need the box ticked and a reason, which is sent with the export', async () => {
      signInAs(testUser({ permissions: { user: ['query', 'export'], userSensitive: ['export'] } }), {
        loaded: true,
      });
      renderWithApp(<UserSearch />, { actions: ['query', 'export'] });
      const dialog = await openDialog();
      fireEvent.click(within(dialog).getByRole('checkbox', { name: '导出完整手机号' }));
      const reason = await within(dialog).findByLabelText('导出原因');
      // Spaces only are no reason: refused at the field, nothing asked of the server.
      fireEvent.change(reason, { target: { value: '   ' } });
      fireEvent.click(within(dialog).getByRole('button', { name: /导\s*出/ }));
      expect(await within(dialog).findByText(EXPORT_REASON_MESSAGE)).toBeTruthy();
      expect(exportCalls()).toHaveLength(0);
      fireEvent.change(reason, { target: { value: ' 核对联系人手机号 ' } });
      fireEvent.click(within(dialog).getByRole('button', { name: /导\s*出/ }));
      await waitFor(() => expect(exportCalls()).toHaveLength(1));
      const q = exportCalls()[0]!.searchParams;
      expect(q.get('mobiles')).toBe('full');
      expect(q.get('exportReason')).toBe('核对联系人手机号');
      expect(await screen.findByText('已导出 1 个用户（含完整手机号）')).toBeTruthy();
    });
  });

  it('folds the search form on a phone-sized screen', async () => {
    vi.stubGlobal('matchMedia', (q: string) => ({
      matches: q.includes('767'),
      media: q,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
    }));
    renderWithApp(<UserSearch />, { actions: ['query'] });
    expect(await screen.findByText('walker01')).toBeTruthy();
    expect(screen.getByText('展开')).toBeTruthy();
  });
});
