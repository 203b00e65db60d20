import { describe, expect, it } from 'vitest';
import { ADMIN_DUTY_ROLE_KEYS, dutiesOf, RESERVED_DUTY_PERMISSIONS } from './admin-duty.ts';
import type { PermissionGrant } from './permissions.ts';
import { type ResourceSeed, ROLE_RESOURCES } from './resource-tree.ts';
import { landingPath } from './role.ts';

/** The grants a role's seeded resources give it (every offered action). */
function grantsOf(nodes: ResourceSeed[]): PermissionGrant[] {
  const flat = (ns: ResourceSeed[]): ResourceSeed[] => ns.flatMap((n) => [n, ...flat(n.children)]);
  return flat(nodes)
    .filter((n) => n.permission && n.actions.length > 0)
    .map((n) => ({ permissionId: n.permission, actionList: n.actions }));
}

describe('三权分立 in the seeded menus (security.md Z04)', () => {
  it('every seeded role holds one administrative duty at most; the three administrators one each', () => {
    const duties = Object.fromEntries(
      Object.entries(ROLE_RESOURCES).map(([roleKey, nodes]) => [roleKey, dutiesOf(grantsOf(nodes))]),
    );
    for (const [roleKey, d] of Object.entries(duties)) expect(d.length, roleKey).toBeLessThanOrEqual(1);
    expect(duties[ADMIN_DUTY_ROLE_KEYS.system]).toEqual(['system']);
    expect(duties[ADMIN_DUTY_ROLE_KEYS.security]).toEqual(['security']);
    expect(duties[ADMIN_DUTY_ROLE_KEYS.audit]).toEqual(['audit']);
  });

  it('the security and audit permissions are in those two roles’ menus only; the logs are not the system admin’s', () => {
    for (const [roleKey, nodes] of Object.entries(ROLE_RESOURCES)) {
      const held = grantsOf(nodes).map((g) => g.permissionId);
      const reserved = held.filter((p) => RESERVED_DUTY_PERMISSIONS.includes(p));
      if (roleKey === 'ROLE_SECURITY_ADMIN' || roleKey === 'ROLE_AUDIT_ADMIN')
        expect(reserved.length, roleKey).toBeGreaterThan(0);
      else expect(reserved, roleKey).toEqual([]);
    }
    const admin = grantsOf(ROLE_RESOURCES.ROLE_ADMIN!).map((g) => g.permissionId);
    expect(admin).not.toContain('log');
    expect(admin).not.toContain('safetymechanism');
  });

  it('the security and audit administrators land on their first page', () => {
    for (const roleKey of ['ROLE_SECURITY_ADMIN', 'ROLE_AUDIT_ADMIN']) {
      const first = ROLE_RESOURCES[roleKey]![0]!.children[0]!;
      expect(landingPath(roleKey)).toBe(`/${first.resUrl}/${first.authKey}`);
    }
  });

  it('a grant of reading the user list is no duty; changing users, roles or menus is the system admin’s', () => {
    expect(dutiesOf([{ permissionId: 'user', actionList: ['query', 'get'] }])).toEqual([]);
    expect(dutiesOf([{ permissionId: 'user', actionList: ['query', 'add'] }])).toEqual(['system']);
    expect(
      dutiesOf([
        { permissionId: 'role', actionList: ['edit'] },
        { permissionId: 'audit', actionList: ['query'] },
      ]),
    ).toEqual(['system', 'audit']);
  });
});
