import type { PublicSettings } from '@aqzrx/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App as AntdApp, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { FALLBACK_SETTINGS, publicSettingsQuery } from '../platform/public-settings.ts';
import { toResourceRoutes } from '../platform/resources.ts';

/**
 * Renders `ui` at `path` inside the app's providers, with the public settings already known. With
 * `actions`, the route carries a resource offering them (what <Action name=…> checks, spec 6).
 */
export function renderWithApp(
  ui: ReactNode,
  opts: {
    path?: string;
    settings?: Partial<PublicSettings>;
    extraRoutes?: { path: string; element: ReactNode }[];
    actions?: string[];
    /** Query data known before the first render (no request is made for it while fresh). */
    preload?: { key: readonly unknown[]; data: unknown }[];
  } = {},
) {
  const handle = opts.actions ? { resource: routeResource(opts.actions) } : undefined;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(publicSettingsQuery.queryKey, { ...FALLBACK_SETTINGS, ...opts.settings });
  for (const q of opts.preload ?? []) client.setQueryData(q.key, q.data);
  const router = createMemoryRouter([{ path: '*', element: ui, handle }, ...(opts.extraRoutes ?? [])], {
    initialEntries: [opts.path ?? '/'],
  });
  const result = render(
    <ConfigProvider locale={zhCN}>
      <AntdApp>
        <QueryClientProvider client={client}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntdApp>
    </ConfigProvider>,
  );
  return { ...result, router };
}

/**
 * A route resource offering `actions` under `permission` (what <Action> and useAccess read from the
 * matched route, spec 6), for screens rendered outside the app's router.
 */
export function routeResource(actions: string[], permission = '') {
  const [resource] = toResourceRoutes([
    {
      id: 1,
      resUrl: 'test/Screen',
      authKey: 'route',
      name: '测试',
      resName: '',
      icon: '',
      permission,
      level: 1,
      action: actions.join(','),
      isMenu: true,
      hide: false,
      redirect: '',
      component: 'Test',
      children: [],
    },
  ]);
  return resource;
}
