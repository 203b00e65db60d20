import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App as AntdApp, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { routeResource } from './render.tsx';

/** Renders a screen on a route whose resource offers `actions` (so <Action> shows those buttons). */
export function renderScreen(ui: ReactNode, actions: string[], permission = 'x') {
  const resource = routeResource(actions, permission);
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter([{ path: '*', element: ui, handle: { resource } }], {
    initialEntries: ['/'],
  });
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

export const ok = (data: unknown, result = 'ok') =>
  new Response(JSON.stringify({ error: 0, apiError: 0, result, data }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

/** A fetch stub answering by API path; records every call (path, query, body). */
export function apiStub(
  routes: Record<string, (q: URLSearchParams, body: unknown) => Response | Promise<Response>>,
) {
  const calls: Array<{ path: string; query: URLSearchParams; body: unknown }> = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    let body: unknown = init?.body;
    if (typeof body === 'string') body = JSON.parse(body);
    calls.push({ path: url.pathname, query: url.searchParams, body });
    const handler = routes[url.pathname];
    if (!handler)
      return new Response(JSON.stringify({ error: 404, apiError: 404, result: 'not stubbed' }), {
        status: 404,
      });
    return handler(url.searchParams, body);
  });
  return { fetchMock, calls, callsTo: (path: string) => calls.filter((c) => c.path === path) };
}
