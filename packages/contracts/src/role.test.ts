import { describe, expect, it } from 'vitest';
import { roleAdminLabel, roleDisplayName, roleNameOf } from './role.ts';

describe('role names', () => {
  it('custom roles display as 自定义角色 but are picked by their own name and key', () => {
    expect(roleDisplayName('ROLE_USER')).toBe('自定义角色');
    expect(roleDisplayName('ROLE_TECHNOLOGY')).toBe('自定义角色');
    expect(roleAdminLabel({ roleKey: 'ROLE_USER', roleName: '普通用户' })).toBe('普通用户（ROLE_USER）');
    expect(roleAdminLabel({ roleKey: 'ROLE_TECHNOLOGY', roleName: '自定义角色' })).toBe(
      '自定义角色（ROLE_TECHNOLOGY）',
    );
    expect(roleAdminLabel({ roleKey: 'ROLE_AUDITOR', roleName: '用户审计员' })).toBe(
      '用户审计员（ROLE_AUDITOR）',
    );
  });

  it('a named role under its usual name is shown by that name alone', () => {
    expect(roleAdminLabel({ roleKey: 'ROLE_ENT', roleName: '企业用户' })).toBe('企业用户');
    expect(roleAdminLabel({ roleKey: 'ROLE_ENT', roleName: '投保企业' })).toBe('投保企业（ROLE_ENT）');
    expect(roleAdminLabel({ roleKey: 'ROLE_X', roleName: ' ' })).toBe('ROLE_X（ROLE_X）');
  });
});

describe('roleNameOf', () => {
  it('names a named role by its usual name and a custom role by its own', () => {
    expect(roleNameOf('ROLE_ENT', '随便')).toBe(roleDisplayName('ROLE_ENT'));
    expect(roleNameOf('ROLE_X', '巡检员')).toBe('巡检员');
    expect(roleNameOf(null, null)).toBe('');
  });
});
