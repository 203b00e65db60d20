import type { PublicSettings } from '@aqzrx/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App as AntdApp, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { FALLBACK_SETTINGS, publicSettingsQuery } from '../platform/public-settings.ts';

/** Renders `ui` at `path` inside the app's providers, with the public settings already known. */
export function renderWithApp(
  ui: ReactNode,
  opts: {
    path?: string;
    settings?: Partial<PublicSettings>;
    extraRoutes?: { path: string; element: ReactNode }[];
  } = {},
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(publicSettingsQuery.queryKey, { ...FALLBACK_SETTINGS, ...opts.settings });
  const router = createMemoryRouter([{ path: '*', element: ui }, ...(opts.extraRoutes ?? [])], {
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
