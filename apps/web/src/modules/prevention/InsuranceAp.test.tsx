import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api.tsx';
import { renderWithApp } from '../../test/render.tsx';
import { signInAs, testUser } from '../../test/user.ts';
import { fundEntry, fundRow, page, planRow, projectDetail, projectRow } from './core-test-fixtures.ts';
import { InsuranceApDetail } from './InsuranceApDetail.tsx';
import { InsuranceApManage } from './InsuranceApManage.tsx';

afterEach(() => vi.unstubAllGlobals());

const asInsurer = () =>
  signInAs(
    testUser({
      roleKey: 'ROLE_INSURANCE',
      orgId: 3,
      permissions: { ap: ['add', 'edit', 'query', 'get', 'export'] },
    }),
  );
const ACTIONS = ['add', 'edit', 'query', 'get', 'export'];

describe('InsuranceApManage (insurer landing)', () => {
  it('lists its projects with contract number, policy, provider and state, under the spec 4 filter tabs', async () => {
    asInsurer();
    fakeApi({ 'POST /api/prevention/project/list': () => page([projectRow()]) });
    renderWithApp(<InsuranceApManage />, { actions: ACTIONS });
    await screen.findByText('宿城区安全服务项目');
    expect(screen.getByText('HT-2026-001')).toBeTruthy();
    expect(screen.getByText('AZX2026000001')).toBeTruthy();
    expect(screen.getByText('宿迁安评技术服务中心')).toBeTruthy();
    expect(screen.getByTestId('project-state').textContent).toBe('进行中');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(
      expect.arrayContaining([
        '全部',
        '已成立',
        '进行中',
        '已结束',
        '预防项目',
        '服务计划与记录',
        '费用台账',
      ]),
    );
    expect(screen.getByRole('button', { name: /新建项目/ })).toBeTruthy();
  });

  it('the 费用台账 tab shows each fund, its entries, and posts a spend', async () => {
    asInsurer();
    const calls = fakeApi({
      'POST /api/prevention/fund/list': () => page([fundRow()]),
      'POST /api/prevention/fund/detail': () => ({
        fund: fundRow(),
        entries: [
          fundEntry({
            id: 90,
            kind: 'accrue',
            kindLabel: '计提',
            amount: 3000,
            affects: 'accrued',
            planId: null,
            description: '计提15%',
          }),
          fundEntry(),
        ],
      }),
      'POST /api/prevention/fund/spend': () => ({ id: 92 }),
    });
    renderWithApp(<InsuranceApManage />, { path: '/x?tab=fund', actions: ACTIONS });
    await screen.findByTestId('fund-AZX2026000001');
    expect(screen.getByTestId('fund-spent').textContent).toBe('800.00 元');
    fireEvent.click(screen.getByTestId('fund-AZX2026000001'));
    const drawer = await screen.findByTestId('fund-entries');
    await within(drawer).findByText('计提15%');
    expect(within(drawer).getByText('三月隐患排查')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '登记支出' }));
    await screen.findByLabelText('支出金额（元）');
    const dialog = document.querySelector('.ant-modal') as HTMLElement;
    fireEvent.change(within(dialog).getByLabelText('支出金额（元）'), { target: { value: '120' } });
    fireEvent.change(within(dialog).getByLabelText('支出说明'), { target: { value: '宣传材料印刷' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/prevention/fund/spend')).toBe(true));
    expect(calls.find((c) => c.path === '/api/prevention/fund/spend')?.body).toMatchObject({
      policyId: 41,
      amount: 120,
      description: '宣传材料印刷',
    });
  });
});

describe('InsuranceApDetail', () => {
  it('shows the project with its items, plans and a 新建服务计划 button', async () => {
    asInsurer();
    fakeApi({
      'POST /api/prevention/project/detail': () => projectDetail(),
      'POST /api/prevention/plan/list': () => page([planRow()]),
    });
    renderWithApp(<InsuranceApDetail />, { path: '/d?id=7', actions: ['query', 'get'] });
    await screen.findByTestId('project-card');
    expect(screen.getByTestId('project-title').textContent).toContain('HT-2026-001');
    await screen.findByText('三月隐患排查');
    expect(screen.getByRole('button', { name: /新建服务计划/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /编辑项目/ })).toBeTruthy();
  });
});
