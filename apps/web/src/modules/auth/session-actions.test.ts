import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../../platform/feedback.ts';
import { getToken, setToken } from '../../platform/storage.ts';
import { logoutAndLeave } from './session-actions.ts';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockResolvedValue(
    new Response(JSON.stringify({ error: 0, apiError: 0, result: 'ok', data: null }), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    }),
  );
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
  setToken('t'.repeat(64));
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const calledPaths = () => fetchMock.mock.calls.map(([u]) => new URL(String(u), 'http://localhost').pathname);

describe('logoutAndLeave', () => {
  it('ends the session on the server, clears it locally and goes to login', async () => {
    await logoutAndLeave();
    expect(calledPaths()).toContain('/api/logout');
    expect(getToken()).toBeNull();
    expect(browser.assign).toHaveBeenCalledWith('/user/login');
  });

  it('after a password change (session already ended by the server) only clears it locally: no 401 call', async () => {
    await logoutAndLeave(0, { sessionEnded: true });
    expect(calledPaths()).not.toContain('/api/logout');
    expect(getToken()).toBeNull();
    expect(browser.assign).toHaveBeenCalledWith('/user/login');
  });
});
