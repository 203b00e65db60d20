import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api.tsx';
import { renderWithApp } from '../../test/render.tsx';
import { signInAs, testUser } from '../../test/user.ts';
import { HazardTodoCard, hazardTodoOf } from './HazardTodoCard.tsx';
import { HAZARD_PATHS } from './paths.ts';
import { hazardItem, page } from './test-fixtures.ts';

afterEach(() => vi.unstubAllGlobals());

describe('HazardTodoCard (enterprise landing)', () => {
  it('counts open, overdue, major and to-accept hazards, lists the open ones and opens one in 隐患排查治理', async () => {
    signInAs(testUser({ roleKey: 'ROLE_ENT' }));
    const calls = fakeApi({
      'POST /api/hazard/list': (c) => {
        const q = c.query;
        if (q.get('toReview') === 'true') return { ...page([]), total: 1 };
        if (q.get('overdue') === 'true') return { ...page([]), total: 1 };
        if (q.get('level') === '2') return { ...page([]), total: 2 };
        return {
          ...page([
            hazardItem(),
            hazardItem({
              id: 702,
              level: 1,
              levelLabel: '一般隐患',
              description: '消防通道堆放杂物',
              rectifyStatus: 2,
              rectifyStatusLabel: '已驳回',
              overdue: false,
              overdueDays: 0,
              rejectCount: 1,
            }),
          ]),
          total: 3,
        };
      },
    });
    const { router } = renderWithApp(<HazardTodoCard />, { path: '/ent/EntAPQuery/route' });
    const card = await screen.findByTestId('ent-hazard-todos');
    await within(card).findByText('配电箱未可靠接地');
    expect(card.textContent).toContain('隐患待办（3）');
    const stats = card.querySelectorAll('.ant-statistic');
    expect([...stats].map((s) => s.textContent)).toEqual([
      '未完成整改3项',
      '已逾期1项',
      '重大隐患2项',
      '待本企业验收1项',
    ]);
    expect(within(card).getByRole('button', { name: '制定治理方案' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: '重新整改' })).toBeTruthy();
    expect(card.textContent).toContain('逾期8天');
    expect(
      calls.some(
        (c) => c.path === '/api/hazard/list' && c.query.get('open') === 'true' && !c.query.get('level'),
      ),
    ).toBe(true);
    fireEvent.click(within(card).getByRole('button', { name: '重新整改' }));
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        `${HAZARD_PATHS.entDangerCheck}?tab=todo&id=702`,
      ),
    );
  });

  it('a count the server capped reads "10,000+"', async () => {
    signInAs(testUser({ roleKey: 'ROLE_ENT' }));
    fakeApi({
      'POST /api/hazard/list': (c) =>
        c.query.get('open') === 'true' && !c.query.get('overdue') && !c.query.get('level')
          ? { ...page([hazardItem()]), total: 10_000, totalCapped: true }
          : { ...page([]), total: 0 },
    });
    renderWithApp(<HazardTodoCard />, { path: '/ent/EntAPQuery/route' });
    const card = await screen.findByTestId('ent-hazard-todos');
    await within(card).findByText('配电箱未可靠接地');
    expect(card.textContent).toContain('隐患待办（10,000+）');
    const stats = card.querySelectorAll('.ant-statistic');
    expect([...stats].map((s) => s.textContent)).toEqual([
      '未完成整改10,000+项',
      '已逾期0项',
      '重大隐患0项',
      '待本企业验收0项',
    ]);
  });

  it('names the next step of each state', () => {
    expect(hazardTodoOf({ rectifyStatus: -1, level: 1, hasGovernancePlan: false })).toBe('提交整改');
    expect(hazardTodoOf({ rectifyStatus: -1, level: 2, hasGovernancePlan: true })).toBe('提交整改');
    expect(hazardTodoOf({ rectifyStatus: 0, level: 2, hasGovernancePlan: true })).toBe('等待审核');
    expect(hazardTodoOf({ rectifyStatus: 2, level: 1, hasGovernancePlan: false })).toBe('重新整改');
  });
});
