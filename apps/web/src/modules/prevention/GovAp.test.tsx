import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api.tsx';
import { renderWithApp } from '../../test/render.tsx';
import { signInAs, testUser } from '../../test/user.ts';
import { page, planRow, projectDetail, projectRow, submittedPlan } from './core-test-fixtures.ts';
import { GovApDetail } from './GovApDetail.tsx';
import { GovApManage } from './GovApManage.tsx';
import { GovApQuery } from './GovApQuery.tsx';

afterEach(() => vi.unstubAllGlobals());

const asGov = () =>
  signInAs(
    testUser({
      roleKey: 'ROLE_GOV',
      districtCodes: ['321302'],
      permissions: { ap: ['query', 'get', 'export'] },
    }),
  );

describe('GovApQuery (服务查询)', () => {
  it('lists the services of its districts with district and insurer, and exports with the filters', async () => {
    asGov();
    const calls = fakeApi({
      'POST /api/prevention/plan/list': () =>
        page([planRow({ status: 2, statusLabel: '已完成', hazardCount: 2, majorHazardCount: 1 })]),
      'GET /api/prevention/plan/export': () =>
        new Response(new Blob(['xlsx']), {
          headers: { 'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
        }),
    });
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }),
    );
    renderWithApp(<GovApQuery />, { actions: ['query', 'get', 'export'] });
    await screen.findByText('三月隐患排查');
    expect(screen.getByText('宿城区')).toBeTruthy();
    expect(screen.getByText('人保财险宿迁分公司')).toBeTruthy();
    expect(screen.getByText('重大1')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /导\s*出/ }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/prevention/plan/export')).toBe(true));
  });
});

describe('GovApManage (服务管理)', () => {
  it('lists projects under the spec 4 state tabs and sends the chosen code', async () => {
    asGov();
    const calls = fakeApi({ 'POST /api/prevention/project/list': () => page([projectRow()]) });
    renderWithApp(<GovApManage />, { actions: ['query', 'get'] });
    await screen.findByText('宿城区安全服务项目');
    expect(screen.getByText('人保财险宿迁分公司')).toBeTruthy();
    expect(screen.getByTestId('project-state').textContent).toBe('进行中');
    expect(calls[0]?.query.get('state')).toBe('10');
    fireEvent.click(screen.getByRole('tab', { name: '已结束' }));
    await waitFor(() => expect(calls.at(-1)?.query.get('state')).toBe('7'));
  });
});

describe('GovApDetail', () => {
  it('opens a record from ?id= read-only, and a project from ?projectId=', async () => {
    asGov();
    fakeApi({
      'POST /api/prevention/plan/detail': () => submittedPlan(),
      'POST /api/prevention/project/detail': () => projectDetail(),
      'POST /api/prevention/plan/list': () => page([planRow()]),
      'GET /api/prevention/file': () => new Response(new Blob(['x'], { type: 'image/png' })),
    });
    const a = renderWithApp(<GovApDetail />, { path: '/g?id=31', actions: ['get'] });
    await screen.findByTestId('record-card');
    expect(screen.getByTestId('hazard-card').textContent).toContain('配电箱未接地');
    expect(screen.queryByRole('button', { name: '确认服务记录' })).toBeNull();
    a.unmount();
    renderWithApp(<GovApDetail />, { path: '/g?projectId=7', actions: ['get'] });
    await screen.findByTestId('project-card');
    expect(screen.getByTestId('project-card').textContent).toContain('HT-2026-001');
    await screen.findByText('三月隐患排查');
  });
});
