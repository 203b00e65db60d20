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

describe('DataAp (预防数据)', () => {
  it('the 合计 占保费比例 uses the premium the rows carry (no second request)', async () => {
    const api = apiStub({
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
