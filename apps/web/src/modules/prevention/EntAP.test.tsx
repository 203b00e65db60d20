import type { ResourceNode } from '@aqzrx/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api.tsx';
import { renderWithApp } from '../../test/render.tsx';
import { signInAs, testUser } from '../../test/user.ts';
import { hazardRow, page, planDetail, planRow, submittedPlan } from './core-test-fixtures.ts';
import { EntAPDetail } from './EntAPDetail.tsx';
import { EntAPQuery } from './EntAPQuery.tsx';

afterEach(() => vi.unstubAllGlobals());

const asEnterprise = () =>
  signInAs(testUser({ roleKey: 'ROLE_ENT', permissions: { ap: ['query', 'get', 'edit'] } }));

describe('EntAPQuery (enterprise landing)', () => {
  it('shows the confirmations waiting on top and every service with its status below', async () => {
    asEnterprise();
    const calls = fakeApi({
      'POST /api/prevention/plan/list': (c) =>
        c.query.get('todo') === 'true'
          ? page([
              planRow({
                id: 32,
                name: '四月隐患排查',
                recordState: 'submitted',
                status: 2,
                statusLabel: '已完成',
              }),
            ])
          : page([
              planRow(),
              planRow({
                id: 33,
                name: '安全培训',
                item: '01',
                itemLabel: '安全生产宣传教育培训',
                status: 2,
                statusLabel: '已完成',
                visitState: 'confirmed',
              }),
            ]),
      'POST /api/hazard/list': () => page([]),
    });
    renderWithApp(<EntAPQuery />, { actions: ['query', 'get'] });
    const todos = await screen.findByTestId('ent-ap-todos');
    await within(todos).findByText('四月隐患排查');
    expect(within(todos).getByRole('button', { name: '确认服务记录' })).toBeTruthy();
    expect(todos.textContent).toContain('待办（1）');
    await screen.findByText('三月隐患排查');
    expect(screen.getByText('安全培训')).toBeTruthy();
    expect(screen.getAllByTestId('plan-status').map((t) => t.textContent)).toEqual(['待服务', '已完成']);
    expect(calls.some((c) => c.path === '/api/prevention/plan/list' && c.query.get('todo') === 'true')).toBe(
      true,
    );
    // The hazards to rectify are on the landing too (issue 14).
    expect((await screen.findByTestId('ent-hazard-todos')).textContent).toContain('暂无待整改的隐患');
  });

  it('shows a to-do count the server capped as "10,000+" (LIST_COUNT_CAP)', async () => {
    asEnterprise();
    fakeApi({
      'POST /api/prevention/plan/list': (c) =>
        c.query.get('todo') === 'true'
          ? { ...page([planRow({ id: 32, name: '四月隐患排查' })]), total: 10_000, totalCapped: true }
          : page([planRow()]),
      'POST /api/hazard/list': () => page([]),
    });
    renderWithApp(<EntAPQuery />, { actions: ['query', 'get'] });
    const todos = await screen.findByTestId('ent-ap-todos');
    await within(todos).findByText('四月隐患排查');
    expect(todos.textContent).toContain('待办（10,000+）');
  });
});

describe('EntAPDetail', () => {
  it('shows the record, the check counts and the hazards, and confirms the record with the plan version', async () => {
    asEnterprise();
    const calls = fakeApi({
      'POST /api/prevention/plan/detail': () =>
        submittedPlan({
          actions: {
            edit: false,
            confirmVisit: false,
            saveRecord: false,
            confirmRecord: true,
            followUp: false,
          },
        }),
      'POST /api/prevention/record/confirm': () => ({ id: 31, version: 2 }),
      'GET /api/prevention/file': () => new Response(new Blob(['x'], { type: 'image/png' })),
    });
    renderWithApp(<EntAPDetail />, { path: '/ent/EntAPDetail/route?id=31', actions: ['query', 'get'] });
    await screen.findByTestId('plan-title');
    expect(screen.getByTestId('record-summary').textContent).toBe('对生产车间和仓库开展隐患排查');
    expect(screen.getByTestId('check-counts').textContent).toContain('40');
    const hazards = screen.getByTestId('hazard-card');
    expect(hazards.textContent).toContain('配电箱未接地');
    expect(hazards.textContent).toContain('重大隐患');
    fireEvent.click(screen.getByRole('button', { name: '确认服务记录' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: '情况属实' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*认/ }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/prevention/record/confirm')).toBe(true));
    const body = calls.find((c) => c.path === '/api/prevention/record/confirm')?.body;
    expect(body).toEqual({ planId: 31, version: 1, opinion: '情况属实' });
  });

  it('offers to confirm the visit time before it, and a missing plan answers 不存在', async () => {
    asEnterprise();
    fakeApi({
      'POST /api/prevention/plan/detail': (c) =>
        c.query.get('id') === '31'
          ? planDetail({
              actions: {
                edit: false,
                confirmVisit: true,
                saveRecord: false,
                confirmRecord: false,
                followUp: false,
              },
            })
          : new Response(JSON.stringify({ error: 1, apiError: 1, result: '服务记录不存在' }), {
              status: 404,
            }),
    });
    const a = renderWithApp(<EntAPDetail />, { path: '/x?id=31', actions: ['get'] });
    await screen.findByRole('button', { name: '确认服务时间' });
    expect(screen.getByText('尚未填写服务记录')).toBeTruthy();
    a.unmount();
    renderWithApp(<EntAPDetail />, { path: '/x?id=99', actions: ['get'] });
    expect((await screen.findAllByText('服务记录不存在')).length).toBeGreaterThan(0);
    expect(document.querySelector('.ant-result-404')).toBeTruthy();
  });
});

describe('the hazards of a service record', () => {
  it('show their rectification status and open the rectification in the enterprise’s hazard list', async () => {
    const route = (path: string, component: string, children: ResourceNode[] = []) => {
      const i = path.lastIndexOf('/');
      return {
        id: path.length,
        resUrl: path.slice(1, i),
        authKey: path.slice(i + 1),
        name: component,
        resName: '',
        icon: '',
        permission: 'hazard',
        level: 1,
        action: 'query',
        isMenu: true,
        hide: false,
        redirect: '',
        component,
        children,
      } as ResourceNode;
    };
    signInAs(
      testUser({ roleKey: 'ROLE_ENT', permissions: { ap: ['query', 'get'], hazard: ['query', 'get'] } }),
      {
        resources: [route('/ent', 'RouteView', [route('/ent/EntDangerCheck/route', 'EntDangerCheck')])],
      },
    );
    fakeApi({
      'POST /api/prevention/plan/detail': () =>
        submittedPlan({
          hazards: [
            hazardRow({ deadline: '2000-01-01' }),
            hazardRow({
              id: 502,
              level: 1,
              levelLabel: '一般隐患',
              deadline: '2099-01-01',
              rectifyStatus: 0,
              rectifyLabel: '待审核',
            }),
          ],
        }),
      'GET /api/prevention/file': () => new Response(new Blob(['x'], { type: 'image/png' })),
    });
    renderWithApp(<EntAPDetail />, { path: '/ent/EntAPDetail/route?id=31', actions: ['query', 'get'] });
    const table = await screen.findByTestId('hazard-table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]?.textContent).toContain('待整改');
    expect(rows[0]?.textContent).toContain('逾期');
    expect(rows[1]?.textContent).toContain('待审核');
    expect(rows[1]?.textContent).not.toContain('逾期');
    const links = within(table).getAllByRole('link', { name: '查看整改' });
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/ent/EntDangerCheck/route?id=501',
      '/ent/EntDangerCheck/route?id=502',
    ]);
  });
});
