import type { UserInfo } from '@aqzrx/contracts';
import { afterEach, beforeEach } from 'vitest';
import { authStore } from '../../platform/auth.ts';

/** Signs in a fake user holding `grants` (permissionId → actions) for the tests of this file. */
export function withUser(grants: Record<string, string[]>, orgId = 3): void {
  beforeEach(() => {
    const user = {
      orgId,
      orgName: '测试机构',
      userRole: {
        roleKey: 'ROLE_ENT',
        permissions: Object.entries(grants).map(([permissionId, actionList]) => ({
          permissionId,
          actionList,
        })),
      },
    } as unknown as UserInfo;
    authStore.set((s) => ({ ...s, user }));
  });
  afterEach(() => authStore.set((s) => ({ ...s, user: null })));
}
