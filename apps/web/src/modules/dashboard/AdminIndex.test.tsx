import type { ResourceNode } from '@aqzrx/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { App as AntdApp, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failOnConsoleError } from '../../components/test-utils.tsx';
import { authStore } from '../../platform/auth.ts';
import { signInAs, testUser } from '../../test/user.ts';
import { consult } from '../consult/test-helpers.tsx';
import { AdminIndex } from './AdminIndex.tsx';
import { ADMIN_HOME_API, type WorkbenchAdmin } from './api.ts';

failOnConsoleError();

/** The admin's grants (resources.ts ROLE_ADMIN), minus whatever a test takes away. */
const ADMIN_GRANTS: Record<string, string[]> = {
  dashboard: ['query'],
  user: ['add', 'delete', 'edit', 'query', 'get', 'enable', 'disable', 'import', 'export'],
  notice: ['add', 'delete', 'edit', 'query', 'get'],
  consult: ['add', 'delete', 'edit', 'query', 'get'],
  message: ['add', 'delete', 'edit', 'query', 'get'],
  role: ['add', 'delete', 'edit', 'query', 'get'],
  setting: ['query', 'edit'],
};

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

const RESOURCES: ResourceNode[] = [
  node('/admin/home', 'RouteView', 'dashboard', [
    node('/admin/home/AdminIndex/route', 'AdminIndex', 'dashboard'),
  ]),
  node('/admin/content', 'RouteView', 'notice', [
    node('/admin/content/AdminNotice/route', 'AdminNotice', 'notice'),
    node('/admin/content/AdminConsult/route', 'AdminConsult', 'consult'),
    node('/admin/content/AdminMessage/route', 'AdminMessage', 'message'),
  ]),
  node('/admin/system', 'RouteView', 'user', [
    node('/admin/system/UserSearch/route', 'UserSearch', 'user'),
    node('/admin/system/UserAdd/route', 'UserAdd', 'user'),
    node('/admin/system/RoleManage/route', 'RoleManage', 'role'),
    node('/admin/system/AdminSetting/route', 'AdminSetting', 'setting'),
  ]),
];

const admin = (grants: Record<string, string[]>) => testUser({ nickname: '运营管理员', permissions: grants });

const ok = (data: unknown) =>
  new Response(JSON.stringify({ error: 0, apiError: 0, result: 'ok', data }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

const CONSULT = consult();

const STATS = [
  { name: 'insuredEnterprises', label: '投保企业', value: 321, unit: '家' },
  { name: 'premium', label: '保费', value: 1234567.5, unit: '元' },
];

/** The workbench call's answer for the admin (no log figures: those are the audit administrator's). */
const FIGURES: WorkbenchAdmin = {
  users: { total: 128, disabled: 4, incomplete: 2 },
  consults: { total: 3, list: [CONSULT] },
  notices: { published: 15, drafts: 2 },
  portal: { items: STATS },
  computedAt: '2026-03-07T02:00:00.000Z',
};

/**
 * Answers the workbench call (leaving out, as the server does, the sections `omit` names); any other
 * call is a failure of the test. Records the calls.
 */
function stubApi(answer: () => Response = () => ok(FIGURES)) {
  const calls: { path: string; method: string }[] = [];
  const mock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push({ path: url.pathname, method: init?.method ?? 'GET' });
    if (url.pathname === `/api${ADMIN_HOME_API.workbench}`) return answer();
    return new Response(JSON.stringify({ error: 404, apiError: 404, result: 'not stubbed' }), {
      status: 404,
    });
  });
  vi.stubGlobal('fetch', mock);
  return { calls };
}

function renderAs(grants: Record<string, string[]>) {
  signInAs(admin(grants), { resources: RESOURCES });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/', element: <AdminIndex /> },
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
  return router;
}

afterEach(() => {
  vi.unstubAllGlobals();
  authStore.set({ ...authStore.get(), user: null, resources: [] });
});

const without = (permissionId: string, action?: string) =>
  Object.fromEntries(
    Object.entries(ADMIN_GRANTS)
      .map(([k, v]) => [k, k === permissionId ? (action ? v.filter((a) => a !== action) : []) : v] as const)
      .filter(([, v]) => v.length > 0),
  );

describe('AdminIndex (运营中心 › 工作台)', () => {
  it('shows the key figures from one call, each card linking to its screen', async () => {
    const api = stubApi();
    renderAs(ADMIN_GRANTS);

    const users = await screen.findByTestId('fig-users');
    await within(users).findByText('128');
    expect(users.textContent).toContain('停用 4 人');
    expect(users.textContent).toContain('企业信息待完善 2 人');
    expect(users.closest('a')?.getAttribute('href')).toBe('/admin/system/UserSearch/route');

    const consults = screen.getByTestId('fig-consults');
    await within(consults).findByText('3');
    expect(consults.closest('a')?.getAttribute('href')).toBe('/admin/content/AdminConsult/route');

    const notices = screen.getByTestId('fig-notices');
    await within(notices).findByText('15');
    expect(notices.textContent).toContain('草稿 2 条');
    expect(notices.closest('a')?.getAttribute('href')).toBe('/admin/content/AdminNotice/route');

    // The logs' figures are the audit administrator's (三权分立): none here.
    for (const id of ['fig-requests', 'fig-login-fails', 'fig-op-fails', 'recent-logs'])
      expect(screen.queryByTestId(id)).toBeNull();

    // The portal strip formats money with thousands separators, each figure on one line, three
    // across on a medium screen (about 1000 px) and six on a wide one.
    const strip = screen.getByTestId('portal-strip');
    const money = await within(strip).findByText('1,234,567.50');
    expect(strip.textContent).toContain('321');
    expect(money.closest<HTMLElement>('.ant-statistic-content')?.style.whiteSpace).toBe('nowrap');
    const col = money.closest('.ant-col')!;
    expect([...col.classList]).toEqual(
      expect.arrayContaining(['ant-col-xs-12', 'ant-col-md-8', 'ant-col-xl-4']),
    );
    // Every figure came from one request.
    expect(api.calls).toEqual([{ path: `/api${ADMIN_HOME_API.workbench}`, method: 'POST' }]);
  });

  it('lists the consultations awaiting an answer, with links', async () => {
    stubApi();
    renderAs(ADMIN_GRANTS);

    const consults = await screen.findByTestId('awaiting-consults');
    const title = await within(consults).findByText('理赔材料需要原件吗？');
    expect(title.closest('a')?.getAttribute('href')).toBe('/admin/content/AdminConsult/route');
    expect(consults.textContent).toContain('宿迁市恒安化工有限公司');
    // Asked at 02:00 UTC: 10:00 in China.
    expect(consults.textContent).toContain('03-01 10:00');
    // The banner counts the awaiting consultations.
    expect(screen.getByText('条咨询等待答复。', { exact: false })).toBeTruthy();
  });

  it('shows the quick links the user holds and opens their screens', async () => {
    stubApi();
    const router = renderAs(ADMIN_GRANTS);
    const quick = await screen.findByTestId('quick-links');
    for (const label of ['新增用户', '发布通知', '答复咨询', '发送消息', '角色权限', '平台设置'])
      expect(within(quick).getByRole('button', { name: new RegExp(label) })).toBeTruthy();
    expect(within(quick).queryByRole('button', { name: /操作日志/ })).toBeNull();
    fireEvent.click(within(quick).getByRole('button', { name: /新增用户/ }));
    await screen.findByTestId('landed');
    expect(router.state.location.pathname).toBe('/admin/system/UserAdd/route');
  });

  it('hides a quick link without its grant', async () => {
    stubApi();
    renderAs(without('user', 'add'));
    const quick = await screen.findByTestId('quick-links');
    expect(within(quick).getByRole('button', { name: /发布通知/ })).toBeTruthy();
    expect(within(quick).queryByRole('button', { name: /新增用户/ })).toBeNull();
  });

  it('without user.query the user card is not shown (the server leaves that section out)', async () => {
    const { users: _u, ...rest } = FIGURES;
    const api = stubApi(() => ok(rest));
    renderAs(without('user'));
    await within(await screen.findByTestId('fig-notices')).findByText('15');
    expect(screen.queryByTestId('fig-users')).toBeNull();
    expect(screen.queryByText('部分统计暂时无法获取，请稍后刷新页面')).toBeNull();
    expect(api.calls).toHaveLength(1);
  });

  it('a section the server could not compute shows as unavailable; the others show', async () => {
    stubApi(() =>
      ok({
        ...FIGURES,
        users: null,
        portal: { items: [...STATS, { name: 'claims', label: '理赔案件', value: null, unit: '件' }] },
      }),
    );
    renderAs(ADMIN_GRANTS);
    await screen.findByText('部分统计暂时无法获取，请稍后刷新页面');
    const users = screen.getByTestId('fig-users');
    expect(users.textContent).toContain('—');
    expect(users.textContent).toContain('暂时无法获取');
    await within(screen.getByTestId('fig-notices')).findByText('15');
    const strip = screen.getByTestId('portal-strip');
    await within(strip).findByText('1,234,567.50');
    const claims = within(strip).getByText('理赔案件').closest('.ant-statistic')!;
    expect(claims.querySelector('.ant-statistic-content')?.textContent).toBe('—');
  });

  it('when the call fails every figure shows as unavailable, without a notice or a redirect', async () => {
    stubApi(
      () =>
        new Response(JSON.stringify({ error: 500, apiError: 500, result: '服务器内部错误' }), {
          status: 500,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    renderAs(ADMIN_GRANTS);
    await screen.findByText('部分统计暂时无法获取，请稍后刷新页面');
    for (const id of ['fig-users', 'fig-consults', 'fig-notices'])
      expect(screen.getByTestId(id).textContent).toContain('暂时无法获取');
    await within(screen.getByTestId('portal-strip')).findByText('门户统计暂时无法获取');
  });

  it('shows empty states when there is nothing to do', async () => {
    stubApi(() =>
      ok({
        users: { total: 0, disabled: 0, incomplete: 0 },
        consults: { total: 0, list: [] },
        notices: { published: 0, drafts: 0 },
        portal: { items: [] },
        computedAt: '2026-03-07T02:00:00.000Z',
      }),
    );
    renderAs(ADMIN_GRANTS);
    const consults = await screen.findByTestId('awaiting-consults');
    await within(consults).findByText('暂无待答复的咨询');
  });
});
