import type { ResourceNode } from '@aqzrx/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { App as AntdApp, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failOnConsoleError } from '../../components/test-utils.tsx';
import { authStore } from '../../platform/auth.ts';
import { signInAs, testUser } from '../../test/user.ts';
import { AuditIndex } from './AuditIndex.tsx';
import { ADMIN_HOME_API, type WorkbenchAudit } from './api.ts';

failOnConsoleError();

let nextId = 1;
function node(path: string, component: string, permission: string, children: ResourceNode[] = []) {
  const i = path.lastIndexOf('/');
  return {
    id: nextId++,
    resUrl: path.slice(1, i),
    authKey: path.slice(i + 1),
    name: component,
    resName: '',
    icon: '',
    permission,
    level: 1,
    action: 'query',
    isMenu: true,
    hide: false,
    redirect: '',
    component,
    children,
  } as ResourceNode;
}

/** The audit administrator's menu (resource-tree.ts ROLE_AUDIT_ADMIN). */
const RESOURCES: ResourceNode[] = [
  node('/audit/log', 'RouteView', 'audit', [
    node('/audit/log/AuditIndex/route', 'AuditIndex', 'audit'),
    node('/audit/log/AdminLog/route', 'AdminLog', 'audit'),
    node('/audit/log/RequestLog/route', 'RequestLog', 'audit'),
    node('/audit/log/PushLog/route', 'PushLog', 'audit'),
  ]),
];

const ok = (data: unknown) =>
  new Response(JSON.stringify({ error: 0, apiError: 0, result: 'ok', data }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

const LOGS = [
  {
    id: 91,
    createdAt: '2026-03-02T01:02:03.000Z',
    userId: 1,
    username: 'admin',
    roleKey: 'ROLE_ADMIN',
    orgName: '',
    module: '用户管理',
    kind: 'add',
    method: 'POST',
    path: '/api/sys/user/add',
    params: '',
    targetId: '12',
    ip: '10.0.0.8',
    durationMs: 12,
    outcome: 'success',
    errorMsg: '',
    requestId: 'r1',
  },
  {
    id: 90,
    createdAt: '2026-03-02T01:00:00.000Z',
    userId: null,
    username: 'nobody',
    roleKey: '',
    orgName: '',
    module: '登录',
    kind: 'login',
    method: 'POST',
    path: '/api/login',
    params: '',
    targetId: '',
    ip: '10.0.0.9',
    durationMs: 8,
    outcome: 'fail',
    errorMsg: '401 用户不存在/密码错误',
    requestId: 'r2',
  },
];

/** The overview's answer: 200 requests today, 6 × 404 and 2 × 500. */
const FIGURES: WorkbenchAudit = {
  opLogs: { loginFails: 5, fails: 9, recent: LOGS.map((l) => ({ ...l, operation: l.module })) },
  requests: {
    today: 200,
    errors: 8,
    errorRate: 0.04,
    errorsByStatus: [
      { status: 404, count: 6 },
      { status: 500, count: 2 },
    ],
    week: ['03-01', '03-02', '03-03', '03-04', '03-05', '03-06', '03-07'].map((d, i) => ({
      day: `2026-${d}`,
      count: i === 6 ? 200 : 100,
    })),
  },
  computedAt: '2026-03-07T02:00:00.000Z',
};

function stubApi(answer: () => Response = () => ok(FIGURES)) {
  const calls: { path: string; method: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      calls.push({ path: url.pathname, method: init?.method ?? 'GET' });
      if (url.pathname === `/api${ADMIN_HOME_API.audit}`) return answer();
      return new Response(JSON.stringify({ error: 404, apiError: 404, result: 'not stubbed' }), {
        status: 404,
      });
    }),
  );
  return { calls };
}

function renderIt() {
  signInAs(
    testUser({
      nickname: '审计管理员',
      roleKey: 'ROLE_AUDIT_ADMIN',
      permissions: { audit: ['query', 'get', 'export'] },
    }),
    {
      resources: RESOURCES,
    },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/', element: <AuditIndex /> },
      { path: '*', element: <div data-testid="landed">landed</div> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <ConfigProvider locale={zhCN} theme={{ token: { motion: false } }}>
      <AntdApp>
        <QueryClientProvider client={client}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntdApp>
    </ConfigProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  authStore.set({ ...authStore.get(), user: null, resources: [] });
});

describe('AuditIndex (安全审计 › 审计概览)', () => {
  it('shows the log figures from one call, each card linking to its list', async () => {
    const api = stubApi();
    renderIt();
    // 200 requests today, 6 × 404 and 2 × 500: 8 failed, 4.0 %.
    const requests = await screen.findByTestId('fig-requests');
    await within(requests).findByText('200');
    expect(requests.textContent).toContain('异常 8 次 · 异常率 4.0%');
    expect(requests.closest('a')?.getAttribute('href')).toBe('/audit/log/RequestLog/route');
    const loginFails = screen.getByTestId('fig-login-fails');
    await within(loginFails).findByText('5');
    expect(loginFails.closest('a')?.getAttribute('href')).toBe('/audit/log/AdminLog/route');
    await within(screen.getByTestId('fig-op-fails')).findByText('9');
    expect(api.calls).toEqual([{ path: `/api${ADMIN_HOME_API.audit}`, method: 'POST' }]);
  });

  it('lists the recent operation log with links, in China time', async () => {
    stubApi();
    renderIt();
    const logs = await screen.findByTestId('recent-logs');
    await within(logs).findByText('用户管理');
    expect(within(logs).getByText('失败')).toBeTruthy();
    expect(within(logs).getByText('新增')).toBeTruthy();
    const open = within(logs).getAllByRole('link', { name: '查看' });
    expect(open).toHaveLength(2);
    const table = logs.querySelector<HTMLTableElement>('.ant-table-content table, .ant-table-body table');
    expect(Number.parseInt(table?.style.width ?? '', 10)).toBeLessThanOrEqual(690);
    expect(within(logs).getByRole('columnheader', { name: 'IP' })).toBeTruthy();
    for (const a of open) expect(a.getAttribute('href')).toBe('/audit/log/AdminLog/route');
    // 01:02:03 UTC is 09:02:03 in China.
    expect(within(logs).getByText('2026-03-02 09:02:03')).toBeTruthy();
  });

  it('a section the server could not compute shows as unavailable; the other shows', async () => {
    stubApi(() => ok({ ...FIGURES, requests: null }));
    renderIt();
    await screen.findByText('部分统计暂时无法获取，请稍后刷新页面');
    expect(screen.getByTestId('fig-requests').textContent).toContain('暂时无法获取');
    await within(screen.getByTestId('fig-login-fails')).findByText('5');
  });

  it('when the call fails every figure shows as unavailable, without a redirect', async () => {
    stubApi(
      () =>
        new Response(JSON.stringify({ error: 500, apiError: 500, result: '服务器内部错误' }), {
          status: 500,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    renderIt();
    await screen.findByText('部分统计暂时无法获取，请稍后刷新页面');
    for (const id of ['fig-requests', 'fig-login-fails', 'fig-op-fails'])
      expect(screen.getByTestId(id).textContent).toContain('暂时无法获取');
    await within(screen.getByTestId('recent-logs')).findByText('操作日志暂时无法获取');
  });

  it('shows empty states when nothing happened', async () => {
    stubApi(() =>
      ok({
        opLogs: { loginFails: 0, fails: 0, recent: [] },
        requests: { today: 0, errors: 0, errorRate: 0, errorsByStatus: [], week: [] },
        computedAt: '2026-03-07T02:00:00.000Z',
      }),
    );
    renderIt();
    await within(await screen.findByTestId('recent-logs')).findByText('暂无操作日志');
    expect(screen.getByTestId('fig-requests').textContent).toContain('异常率 0.0%');
    expect(screen.getByTestId('fig-login-fails').textContent).toContain('今日无登录失败');
  });
});
