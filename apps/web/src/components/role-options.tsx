import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { NAMED_ROLE_NAMES, roleDisplayName } from '../platform/contracts.ts';

interface RoleLike {
  id: number;
  roleKey: string;
  roleName: string;
}

export interface RoleOption {
  value: number;
  /** Spec 1's display name: one of the six named roles, or 自定义角色. */
  label: string;
  /** The role's own name, for telling custom roles apart in the open list (never its key). */
  roleName: string;
}

/** Select options of roles: labelled by their spec 1 display name, never by their roleKey. */
export function roleOptions(roles: readonly RoleLike[]): RoleOption[] {
  return roles.map((r) => ({ value: r.id, label: roleDisplayName(r.roleKey), roleName: r.roleName.trim() }));
}

/**
 * An open role list shows a custom role's own name after 自定义角色 in grey, so two custom roles can be told
 * apart while picking; the picked value, tags and filters show the display name alone.
 */
export function renderRoleOption(option: { label?: ReactNode; data?: Partial<RoleOption> }): ReactNode {
  const name = option.data?.roleName;
  const label = option.label;
  const named = Object.values(NAMED_ROLE_NAMES).includes(String(label));
  if (named || !name || name === label) return label;
  return (
    <>
      {label}
      <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
        {name}
      </Typography.Text>
    </>
  );
}

/** Typing in a role select finds a role by its display name or its own name. */
export function filterRoleOption(input: string, option?: { label?: ReactNode; roleName?: string }): boolean {
  const needle = input.trim().toLowerCase();
  return [option?.label, option?.roleName].some(
    (t) => typeof t === 'string' && t.toLowerCase().includes(needle),
  );
}
