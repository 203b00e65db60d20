import { afterEach, beforeEach } from 'vitest';
import { authStore } from '../../platform/auth.ts';
import { signInAs, testUser } from '../../test/user.ts';

/** Signs in a fake user holding `grants` (permissionId → actions) for the tests of this file. */
export function withUser(grants: Record<string, string[]>, orgId = 3): void {
  beforeEach(() =>
    signInAs(
      testUser({ orgId, orgName: '测试机构', roleKey: 'ROLE_ENT', roleName: '企业', permissions: grants }),
    ),
  );
  afterEach(() => authStore.set((s) => ({ ...s, user: null })));
}
