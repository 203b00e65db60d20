import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToken, setToken } from '../../platform/storage.ts';
import { apiStub, ok, renderScreen } from '../../test/api-stub.tsx';
import { DataAp, DataClaim } from './DataPage.tsx';

const claimColumns = [
  { key: 'claims', label: '理赔案件', unit: '件' },
  { key: 'closed', label: '结案数', unit: '件' },
  { key: 'closeRate', label: '结案率', unit: '%' },
  { key: 'paid', label: '理赔费用', unit: '元' },
  { key: 'avgPaid', label: '案均赔付金额', unit: '元' },
];

beforeEach(() => setToken('tok-insurer'));
afterEach(() => {
  vi.unstubAllGlobals();
  clearToken();
});

describe('DataClaim (理赔数据)', () => {
  it('案均赔付金额 is paid on closed claims ÷ closed claims, "-" without one, explained in a tooltip', async () => {
    const api = apiStub({
      '/api/insuranceData/claim': () =>
        ok({
          year: 2026,
          groupBy: 'month',
          columns: claimColumns,
          rows: [
            {
              key: '2026-01',
              name: '1月',
              claims: 1,
              closed: 1,
              closeRate: 100,
              paid: 3000,
              avgPaid: 3000,
              paidClosed: 3000,
            },
            // Open claim with an advance: counted in 理赔费用, not in the average.
            { key: '2026-02', name: '2月', claims: 1, closed: 0, closeRate: 0, paid: 600, paidClosed: 0 },
          ],
        }),
    });
    vi.stubGlobal('fetch', api.fetchMock);
    renderScreen(<DataClaim />, ['query'], 'insuranceData');
    const feb = (await screen.findByText('2月')).closest('tr')!;
    const cells = within(feb).getAllByRole('cell');
    expect(cells.map((c) => c.textContent)).toEqual(['2月', '1', '0', '0.00', '600.00', '-']);
    const total = screen.getByTestId('data-total-row');
    expect(
      within(total)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['合计', '2', '1', '50.00', '3,600.00', '3,000.00']);
    expect(screen.getByTestId('data-total-avgPaid').textContent).toContain('3,000.00');
    // The definition is one hover away, on the column and on the total card.
    const hints = screen.getAllByTestId('hint-avgPaid');
    expect(hints.length).toBeGreaterThanOrEqual(2);
    fireEvent.mouseEnter(hints[0]!);
    expect(await screen.findByText(/已结案案件的赔付金额 ÷ 结案数/)).toBeTruthy();
    // Figures never wrap; the table scrolls instead of cutting columns.
    expect(cells[4]!.style.whiteSpace).toBe('nowrap');
  });
});

const apOverview = {
  year: 2026,
  totals: {
    projects: 4,
    plans: 30,
    done: 18,
    enterprisesServed: 7,
    enterprisesInsured: 12,
    accrued: 84000,
    spent: 26500.5,
    hazards: 9,
    majorHazards: 1,
    hazardsRectified: 6,
  },
  byDistrict: [],
  byItem: [{ code: '03', name: '生产安全事故隐患排查', done: 8, planned: 10, spend: 12000 }],
  byMonth: [],
};

describe('DataAp (预防数据)', () => {
  it('shows the services done, the enterprises served and the fund from the prevention records', async () => {
    const api = apiStub({
      '/api/prevention/overview': () => ok(apOverview),
      '/api/insuranceData/ap': () => ok({ year: 2026, groupBy: 'month', columns: [], rows: [] }),
    });
    vi.stubGlobal('fetch', api.fetchMock);
    renderScreen(<DataAp />, ['query'], 'insuranceData');
    expect(await screen.findByText('18 / 30')).toBeTruthy();
    expect(within(screen.getByTestId('ap-service-served')).getByText('7 / 12')).toBeTruthy();
    expect(within(screen.getByTestId('ap-service-spent')).getByText('26,500.50')).toBeTruthy();
    expect(within(screen.getByTestId('ap-service-hazards')).getByText('9 / 6')).toBeTruthy();
    expect(api.callsTo('/api/prevention/overview')[0]!.query.get('year')).toBe(
      api.callsTo('/api/insuranceData/ap')[0]!.query.get('year'),
    );
  });

  it('the 合计 占保费比例 uses the premium the rows carry (no second request)', async () => {
    const api = apiStub({
      '/api/prevention/overview': () => ok(apOverview),
      '/api/insuranceData/ap': () =>
        ok({
          year: 2026,
          groupBy: 'month',
          columns: [
            { key: 'preventionFee', label: '事故预防费用', unit: '元' },
            { key: 'feeRatio', label: '占保费比例', unit: '%' },
          ],
          rows: [
            { key: '2026-01', name: '1月', preventionFee: 100, feeRatio: 10, premium: 1000 },
            { key: '2026-02', name: '2月', preventionFee: 50, feeRatio: 25, premium: 200 },
          ],
        }),
    });
    vi.stubGlobal('fetch', api.fetchMock);
    renderScreen(<DataAp />, ['query'], 'insuranceData');
    const total = await screen.findByTestId('data-total-row');
    await waitFor(() => expect(total.textContent).toContain('12.50'));
    expect(api.callsTo('/api/insuranceData/premium')).toHaveLength(0);
  });
});
