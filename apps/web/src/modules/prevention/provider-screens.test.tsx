import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderScreen } from '../../test/fake-api.tsx';
import type { ProviderSummaryRow, Statement } from './api-activity.ts';
import { GovApService, ProviderStatement } from './ProviderScreens.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('GovApService (服务机构服务)', () => {
  it('lists each organisation with its services, spend and follow-up ratings for the year', async () => {
    const rows: ProviderSummaryRow[] = [
      {
        orgId: 11,
        orgType: 'service',
        name: '安泰安全技术服务',
        projects: 3,
        plans: 20,
        done: 14,
        enterprises: 9,
        spend: 56000,
        hazards: 12,
        followUps: 4,
        avgRating: 4.5,
        avgCooperation: 3.75,
      },
      {
        orgId: 12,
        orgType: 'expert',
        name: '宿迁安全专家组',
        projects: 1,
        plans: 2,
        done: 0,
        enterprises: 0,
        spend: 0,
        hazards: 0,
        followUps: 0,
        avgRating: null,
        avgCooperation: null,
      },
    ];
    const calls = fakeApi({
      'POST /api/prevention/providerSummary': () => ({ list: rows, total: 2, pageNum: 1, pageSize: 10 }),
    });
    renderScreen(<GovApService />, ['query']);
    const row = (await screen.findByText('安泰安全技术服务')).closest('tr')!;
    expect(within(row).getByText('14 / 20')).toBeTruthy();
    expect(within(row).getByText('56,000.00')).toBeTruthy();
    expect(within(row).getByText('4.5')).toBeTruthy();
    expect(within(row).getByText('服务机构')).toBeTruthy();
    const expert = screen.getByText('宿迁安全专家组').closest('tr')!;
    expect(within(expert).getAllByText('暂无回访')).toHaveLength(2);
    expect(calls[0]!.query.get('year')).toMatch(/^\d{4}$/);
  });
});

describe('ProviderStatement (ServiceStatement / ExpertStatement)', () => {
  const statement = (groupBy: string): Statement => ({
    year: 2026,
    groupBy,
    rows:
      groupBy === 'item'
        ? [
            {
              key: '03',
              name: '生产安全事故隐患排查',
              planned: 6,
              done: 5,
              enterprises: 4,
              spend: 9000,
              hazards: 7,
            },
          ]
        : [{ key: '2026-03', name: '3月', planned: 4, done: 3, enterprises: 3, spend: 4500.5, hazards: 2 }],
    totals: { key: 'total', name: '合计', planned: 10, done: 8, enterprises: 6, spend: 13500.5, hazards: 9 },
  });

  it('shows the totals and rows, regroups by item, and offers the export', async () => {
    const calls = fakeApi({
      'POST /api/prevention/statement': (c) => statement(c.query.get('groupBy') ?? 'month'),
    });
    renderScreen(<ProviderStatement />, ['query', 'export']);
    expect(await screen.findByText('3月')).toBeTruthy();
    const total = screen.getByTestId('statement-total-row');
    expect(within(total).getByText('13,500.50')).toBeTruthy();
    expect(within(screen.getByTestId('statement-totals')).getByText('8 / 10')).toBeTruthy();
    expect(screen.getByRole('button', { name: /导出Excel/ })).toBeTruthy();
    fireEvent.click(screen.getByText('按服务项目'));
    expect(await screen.findByText('生产安全事故隐患排查')).toBeTruthy();
    await waitFor(() => expect(calls.at(-1)!.query.get('groupBy')).toBe('item'));
  });

  it('has no export without the export action', async () => {
    fakeApi({ 'POST /api/prevention/statement': () => statement('month') });
    renderScreen(<ProviderStatement />, ['query']);
    expect(await screen.findByText('3月')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /导出Excel/ })).toBeNull();
  });
});
