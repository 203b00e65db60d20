import type { UserInfo } from '@aqzrx/contracts';
import { type AuthState, authStore } from '../platform/auth.ts';

/** One grant of a user's role: `permissionId` with the actions it allows. */
export type TestGrant = UserInfo['userRole']['permissions'][number];

/**
 * What a test may set on the user: any UserInfo field but the role, and the role's parts flat.
 * `permissions` is the grant list, or a map permissionId → actions.
 */
export type TestUserOverrides = Partial<Omit<UserInfo, 'userRole'>> & {
  roleKey?: string;
  roleName?: string;
  permissions?: TestGrant[] | Record<string, string[]>;
};

/** The grant list of a permissionId → actions map. */
export function grantsOf(grants: Record<string, string[]>): TestGrant[] {
  return Object.entries(grants).map(([permissionId, actionList]) => ({ permissionId, actionList }));
}

/**
 * A complete, valid UserInfo for tests: the operations-centre administrator without grants, with
 * whatever a test sets in `overrides`.
 */
export function testUser(overrides: TestUserOverrides = {}): UserInfo {
  const { roleKey = 'ROLE_ADMIN', roleName = '运营中心管理员', permissions = [], ...fields } = overrides;
  return {
    uid: 1,
    username: 'admin',
    nickname: '管理员',
    avatar: '',
    status: 1,
    isOrg: false,
    orgId: null,
    orgName: null,
    districtCodes: [],
    mustChangePassword: false,
    ...fields,
    userRole: {
      roleKey,
      roleName,
      permissions: Array.isArray(permissions) ? permissions : grantsOf(permissions),
    },
  };
}

/** Puts `user` in the auth store as the signed-in user, with any other auth state a test needs. */
export function signInAs(user: UserInfo, extra: Partial<Omit<AuthState, 'user'>> = {}): void {
  authStore.set((s) => ({ ...s, ...extra, user }));
}
