import { screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chinaToday } from '../../components/index.ts';
import { clearToken, setToken } from '../../platform/storage.ts';
import { apiStub, ok, renderScreen } from '../../test/api-stub.tsx';
import { INSURER_PATHS, InsuranceIndex } from './InsuranceIndex.tsx';

const pageOf = (total: number, list: unknown[] = []) => ok({ page: { list, total, pageNum: 1 } });
const dataset = (rows: Array<Record<string, number | string>>) =>
  ok({ year: 2026, groupBy: 'month', columns: [], rows });
// Twelve days after China's today (the page counts China days; the machine's own date differs from 16:00 UTC).
const endDate = dayjs(chinaToday()).add(12, 'day').format('YYYY-MM-DD');

function stub(flags: { late: number; unpaid: number }) {
  const policyTotals: Record<string, number> = { valid: 105, expiring: 7, submitted: 1, pending: 3 };
  return apiStub({
    '/api/policy/list': (q) =>
      q.get('pageSize') === '8'
        ? pageOf(1, [
            {
              id: 5,
              applicationNo: 'T1',
              policyNo: 'PICC2025321324000183',
              holderName: '泗洪县盛通市政工程有限公司',
              districtName: '泗洪县',
              startDate: '2025-12-09',
              endDate,
              premium: 98054,
              stateLabel: '即将到期',
            },
          ])
        : pageOf(policyTotals[q.get('state') ?? ''] ?? 0),
    '/api/claim/list': (q) => {
      const flag = q.get('flag');
      return pageOf(flag === 'late' ? flags.late : flag === 'unpaid' ? flags.unpaid : 2);
    },
    '/api/insuranceData/query': () =>
      ok({ year: 2026, items: [], policiesInForce: 105, claimSatisfaction: null }),
    '/api/insuranceData/premium': () => dataset([{ key: '01', name: '1月', premium: 1 }]),
    '/api/insuranceData/claim': () => dataset([{ key: '01', name: '1月', paid: 1 }]),
  });
}

beforeEach(() => setToken('tok-insurer'));
afterEach(() => {
  vi.unstubAllGlobals();
  clearToken();
});

const hrefOf = (el: Element | null) => el?.closest('a')?.getAttribute('href');

describe('InsuranceIndex (工作台)', () => {
  it('opens the policy list filtered by the state each card counts', async () => {
    vi.stubGlobal('fetch', stub({ late: 0, unpaid: 0 }).fetchMock);
    renderScreen(<InsuranceIndex />, []);
    await screen.findByText('泗洪县盛通市政工程有限公司');
    expect(hrefOf(screen.getByTestId('kpi-submitted'))).toBe(`${INSURER_PATHS.policyManage}?state=submitted`);
    expect(hrefOf(screen.getByTestId('kpi-expiring'))).toBe(`${INSURER_PATHS.policyManage}?state=expiring`);
  });

  it("the warning's 去处理 opens the 理赔管理 tab of the flag that has cases", async () => {
    vi.stubGlobal('fetch', stub({ late: 3, unpaid: 7 }).fetchMock);
    const { unmount } = renderScreen(<InsuranceIndex />, []);
    const handle = await screen.findByTestId('warn-handle');
    expect(handle.getAttribute('href')).toBe(`${INSURER_PATHS.claimManage}?flag=late`);
    expect(screen.getByTestId('warn-late').getAttribute('href')).toBe(
      `${INSURER_PATHS.claimManage}?flag=late`,
    );
    expect(screen.getByTestId('warn-unpaid').getAttribute('href')).toBe(
      `${INSURER_PATHS.claimManage}?flag=unpaid`,
    );
    unmount();
    vi.stubGlobal('fetch', stub({ late: 0, unpaid: 4 }).fetchMock);
    renderScreen(<InsuranceIndex />, []);
    await waitFor(() =>
      expect(screen.getByTestId('warn-handle').getAttribute('href')).toBe(
        `${INSURER_PATHS.claimManage}?flag=unpaid`,
      ),
    );
  });

  it('keeps an end date and its days-left tag on one line', async () => {
    vi.stubGlobal('fetch', stub({ late: 0, unpaid: 0 }).fetchMock);
    renderScreen(<InsuranceIndex />, []);
    const tag = await screen.findByText('剩12天');
    const cell = tag.parentElement!;
    expect(cell.textContent).toContain(endDate);
    expect(cell.style.whiteSpace).toBe('nowrap');
  });
});
