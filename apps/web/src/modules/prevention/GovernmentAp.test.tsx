import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderScreen } from '../../test/fake-api.tsx';
import type { PreventionOverview } from './api-activity.ts';
import { GovernmentAp } from './GovernmentAp.tsx';

afterEach(() => vi.unstubAllGlobals());

const overview = (year: number): PreventionOverview => ({
  year,
  totals: {
    projects: 12,
    plans: 40,
    done: 25,
    enterprisesServed: 9,
    enterprisesInsured: 30,
    accrued: 120000,
    spent: 45000.5,
    hazards: 17,
    majorHazards: 2,
    hazardsRectified: 11,
  },
  byDistrict: [
    {
      code: '321302',
      name: '宿城区',
      done: 15,
      planned: 20,
      enterprisesServed: 6,
      enterprisesInsured: 18,
      hazards: 10,
      hazardsRectified: 7,
      accrued: 80000,
      spent: 30000,
    },
  ],
  byItem: [{ code: '03', name: '生产安全事故隐患排查', done: 10, planned: 12, spend: 20000 }],
  byMonth: Array.from({ length: 12 }, (_, i) => ({ month: i + 1, done: i, planned: i + 1, spend: i * 100 })),
});

const hazardStats = () => ({
  total: 12,
  general: 9,
  generalRectified: 6,
  major: 3,
  majorRectified: 1,
  open: 5,
  overdue: 2,
  toReview: 1,
  rejected: 1,
  rectifyRate: 58.3,
  byCode: [
    { code: '-1', label: '不涉及', value: 21 },
    { code: '0-0', label: '一般隐患·未整改', value: 3 },
    { code: '0-1', label: '一般隐患·已整改', value: 6 },
    { code: '1-0', label: '重大隐患·未整改', value: 2 },
    { code: '1-1', label: '重大隐患·已整改', value: 1 },
  ],
});

describe('GovernmentAp (事故预防监管)', () => {
  it('shows the year’s figures, the charts and the districts linking to 服务查询', async () => {
    const calls = fakeApi({
      'POST /api/prevention/overview': (c) => overview(Number(c.query.get('year'))),
      'GET /api/hazard/stats': hazardStats,
    });
    renderScreen(<GovernmentAp />, ['query', 'get', 'export']);
    const figures = await screen.findByTestId('ap-overview-figures');
    expect(within(screen.getByTestId('ap-fig-services')).getByText('25 / 40')).toBeTruthy();
    expect(within(screen.getByTestId('ap-fig-enterprises')).getByText(/覆盖率 30\.0%/)).toBeTruthy();
    expect(within(screen.getByTestId('ap-fig-spent')).getByText('45,000.50')).toBeTruthy();
    expect(within(screen.getByTestId('ap-fig-spent')).getByText(/使用率 37\.5%/)).toBeTruthy();
    expect(within(figures).getByText(/重大隐患 2 项/)).toBeTruthy();
    expect(screen.getByText('各月服务情况（次）')).toBeTruthy();
    expect(screen.getByText('各区县预防费用（元）')).toBeTruthy();
    const link = within(screen.getByTestId('ap-overview-districts')).getByRole('link', { name: '宿城区' });
    expect(link.getAttribute('href')).toBe('/government/govAp/GovApQuery/route?districtCode=321302');
    expect(screen.getByText('80,000.00')).toBeTruthy();
    expect(calls[0]!.query.get('districtCode')).toBeNull();
    // The spec 4 hazard codes of the year, with the enterprises not involved.
    const codes = await screen.findByTestId('hazard-codes');
    expect((await within(codes).findAllByText('重大隐患·未整改')).length).toBeGreaterThan(0);
    expect(codes.textContent).toContain('不涉及（无隐患企业）');
    expect(codes.textContent).toContain('58.3%');
    expect(calls.find((c) => c.path === '/api/hazard/stats')?.query.get('year')).toBe(
      calls[0]!.query.get('year'),
    );
  });

  it('asks again for the year and district picked', async () => {
    const calls = fakeApi({
      'POST /api/prevention/overview': (c) => overview(Number(c.query.get('year'))),
      'GET /api/hazard/stats': hazardStats,
    });
    renderScreen(<GovernmentAp />, ['query']);
    await screen.findByTestId('ap-overview-figures');
    const year = Number(calls[0]!.query.get('year'));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '年份' }));
    fireEvent.click(await screen.findByTitle(`${year - 1}年`));
    await waitFor(() => expect(calls.some((c) => c.query.get('year') === String(year - 1))).toBe(true));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '区县' }));
    fireEvent.click(await screen.findByTitle('沭阳县'));
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.path === '/api/prevention/overview')
          .at(-1)!
          .query.get('districtCode'),
      ).toBe('321322'),
    );
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.path === '/api/hazard/stats')
          .at(-1)!
          .query.get('districtCode'),
      ).toBe('321322'),
    );
  });
});
