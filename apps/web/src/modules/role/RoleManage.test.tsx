import type { RoleRow } from '@aqzrx/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../platform/auth.ts';
import { renderWithApp } from '../../test/render.tsx';
import { signInAs, testUser } from '../../test/user.ts';
import { RoleManage } from './RoleManage.tsx';

const role = (
  id: number,
  roleKey: string,
  roleName: string,
  duty: RoleRow['duty'],
  isSystem = true,
): RoleRow => ({
  id,
  roleKey,
  roleName,
  displayName: roleName,
  description: '',
  isSystem,
  duty,
  userCount: 1,
  version: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
});
const ROLES = [
  role(1, 'ROLE_ADMIN', '运营中心管理员', 'system'),
  role(3, 'ROLE_ENT', '企业用户', null),
  role(9, 'ROLE_SECURITY_ADMIN', '安全管理员', 'security'),
  role(10, 'ROLE_AUDIT_ADMIN', '审计管理员', 'audit'),
];

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(
      async () =>
        new Response(
          JSON.stringify({
            error: 0,
            apiError: 0,
            result: 'ok',
            data: { page: { list: ROLES, total: ROLES.length, pageNum: 1, pageSize: 10 } },
          }),
          { status: 200, headers: { 'Content-Type': 'application/json' } },
        ),
    ),
  );
  signInAs(
    testUser({
      roleKey: 'ROLE_ADMIN',
      permissions: { role: ['add', 'delete', 'edit', 'query', 'get'], user: ['query'] },
    }),
    { loaded: true },
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  authStore.set({ ...authStore.get(), user: null, loaded: false });
});

describe('角色权限 (三权分立)', () => {
  it('edits other roles; its own role and the security and audit roles offer no change', async () => {
    renderWithApp(<RoleManage />, { actions: ['add', 'delete', 'edit', 'query', 'get'] });
    const rowOf = async (name: string) =>
      (await screen.findAllByText(name, { selector: 'td' }))[0]!.closest('tr')!;
    const ent = await rowOf('企业用户');
    expect(within(ent).getByRole('button', { name: '编辑权限' })).toBeTruthy();
    expect(within(ent).getByRole('button', { name: '分配用户' })).toBeTruthy();
    const own = await rowOf('运营中心管理员');
    expect(within(own).queryByRole('button', { name: '编辑权限' })).toBeNull();
    expect(within(own).getByText('本人所在角色')).toBeTruthy();
    expect(within(own).getByText('系统管理员')).toBeTruthy();
    for (const name of ['安全管理员', '审计管理员']) {
      const row = await rowOf(name);
      expect(within(row).getByText('系统预置')).toBeTruthy();
      expect(within(row).queryByRole('button')).toBeNull();
    }
  });
});
