import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App as AntdApp, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { authStore } from '../platform/auth.ts';
import type { ResourceRoute } from '../platform/resources.ts';

/** A recorded API call of the fake server. */
export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

type Handler = (call: Call) => unknown;

export const ok = (data: unknown, result = '操作成功') =>
  new Response(JSON.stringify({ error: 0, apiError: 0, result, data }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

/**
 * Stubs fetch with handlers keyed by "METHOD /api/path"; a handler returns the `data` of the envelope
 * (or a Response). Unknown calls fail the test loudly. Returns the list of calls made.
 */
export function fakeApi(handlers: Record<string, Handler>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = (init?.method ?? 'GET').toUpperCase();
      const raw = init?.body;
      const call: Call = {
        method,
        path: url.pathname,
        query: url.searchParams,
        body: typeof raw === 'string' && raw ? JSON.parse(raw) : undefined,
      };
      calls.push(call);
      const handler = handlers[`${method} ${url.pathname}`];
      if (!handler) throw new Error(`unexpected call ${method} ${url.pathname}`);
      const out = handler(call);
      return out instanceof Response ? out : ok(out);
    }),
  );
  return calls;
}

/**
 * Renders a screen on a route whose resource offers `actions` (what <Action> checks), at `at` (a path with
 * the query string a link would carry).
 */
export function renderScreen(ui: ReactNode, actions: string[], at = '/admin/system/X/route') {
  authStore.set({ ...authStore.get(), user: null });
  const resource: ResourceRoute = {
    id: 1,
    path: '/admin/system/X/route',
    title: 'x',
    icon: '',
    hide: false,
    isMenu: true,
    component: 'X',
    redirect: '',
    permission: '',
    actions,
    children: [],
  };
  const router = createMemoryRouter([{ path: '*', element: ui, handle: { resource } }], {
    initialEntries: [at],
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <ConfigProvider locale={zhCN}>
      <AntdApp>
        <QueryClientProvider client={client}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntdApp>
    </ConfigProvider>,
  );
}
