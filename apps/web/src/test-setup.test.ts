import { getConfig, waitFor } from '@testing-library/react';
import { notification } from 'antd';
import { describe, expect, it } from 'vitest';
import { authStore } from './platform/auth.ts';
import { testUser } from './test/user.ts';

// The shared test setup (test-setup.ts) must leave nothing behind for the next test file.
describe('test setup', () => {
  it('gives every file the same 5 s for findBy*/waitFor', () => {
    expect(getConfig().asyncUtilTimeout).toBe(5000);
  });

  it('a destroyed static notice leaves the document (no motion waiting for an animation event)', async () => {
    notification.error({ message: '请求失败', description: '留在页面上的通知' });
    await waitFor(() => expect(document.querySelectorAll('.ant-notification-notice').length).toBe(1));
    notification.destroy();
    await waitFor(() => expect(document.querySelectorAll('.ant-notification-notice').length).toBe(0));
  });

  // Tests run in order within a file: the first signs a user in, the second must find nobody.
  it('(1 of 2) a test signs a user in and stores a token', () => {
    localStorage.setItem('left-behind', '1');
    authStore.set((s) => ({
      ...s,
      token: 't',
      user: testUser({ roleKey: 'ROLE_ENT' }),
      loaded: true,
    }));
    expect(authStore.get().user).not.toBeNull();
  });

  it('(2 of 2) the next test starts signed out with empty storage', () => {
    expect(authStore.get().user).toBeNull();
    expect(authStore.get().loaded).toBe(false);
    expect(localStorage.getItem('left-behind')).toBeNull();
  });
});
