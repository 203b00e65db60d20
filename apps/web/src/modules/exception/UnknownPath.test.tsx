import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../platform/auth.ts';
import { renderWithApp } from '../../test/render.tsx';
import { UnknownPath } from './UnknownPath.tsx';

const fetchMock = vi.fn<typeof fetch>();
const answer = (known: boolean) =>
  new Response(JSON.stringify({ error: 0, apiError: 0, result: 'ok', data: { known } }), { status: 200 });

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  authStore.set((s) => ({ ...s, token: 'token-1', loaded: true }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  authStore.set((s) => ({ ...s, token: null, loaded: false }));
});

const open = (path: string) =>
  renderWithApp(null, {
    path,
    extraRoutes: [
      { path: '/403', element: <p>403</p> },
      { path: '/404', element: <p>404</p> },
      { path: '/government/*', element: <UnknownPath /> },
      { path: '/no/*', element: <UnknownPath /> },
    ],
  });

describe('a path outside the user’s routes', () => {
  it("is 403 when another role's resource tree has it", async () => {
    fetchMock.mockResolvedValue(answer(true));
    const { router } = open('/government/govAp/GovernmentAp/route');
    await waitFor(() => expect(router.state.location.pathname).toBe('/403'));
    const url = new URL(String(fetchMock.mock.calls[0]![0]), 'http://x');
    expect(url.pathname).toBe('/api/sys/user/isKnownResourcePath.json');
    expect(url.searchParams.get('path')).toBe('/government/govAp/GovernmentAp/route');
  });

  it('is 404 when nobody has it, or when the question fails', async () => {
    fetchMock.mockResolvedValue(answer(false));
    const first = open('/no/such/page');
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/404'));
    first.unmount();
    fetchMock.mockResolvedValue(new Response('{}', { status: 500 }));
    const second = open('/no/other/page');
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/404'));
  });
});
