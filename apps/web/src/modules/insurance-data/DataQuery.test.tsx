import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToken, setToken } from '../../platform/storage.ts';
import { apiStub, ok, renderScreen } from '../../test/api-stub.tsx';
import { DataQuery } from './DataQuery.tsx';

const dataset = (columns: string[], rows: Array<Record<string, number | string>>) =>
  ok({
    year: 2026,
    groupBy: 'district',
    columns: columns.map((key) => ({ key, label: key, unit: '' })),
    rows,
  });
const stub = () =>
  apiStub({
    '/api/insuranceData/query': () =>
      ok({
        year: 2026,
        items: [{ name: 'premium', label: '保费', unit: '元', value: 7000 }],
        policiesInForce: 1,
        claimSatisfaction: null,
      }),
    '/api/insuranceData/premium': () =>
      dataset(
        ['policies', 'enterprises', 'premium', 'sumInsuredWan'],
        [{ key: '321302', name: '宿城区', policies: 1, enterprises: 1, premium: 7000, sumInsuredWan: 140 }],
      ),
    '/api/insuranceData/ap': () =>
      dataset(['preventionFee'], [{ key: '321302', name: '宿城区', preventionFee: 700 }]),
    '/api/insuranceData/claim': () =>
      dataset(['claims', 'paid'], [{ key: '321302', name: '宿城区', claims: 1, paid: 3500 }]),
    '/api/insuranceData/export': () =>
      new Response(new Blob(['xlsx']), {
        status: 200,
        headers: {
          'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent('2026年综合查询（按区县）.xlsx')}`,
        },
      }),
  });

const saved: string[] = [];
beforeEach(() => {
  saved.length = 0;
  setToken('tok-insurer');
  URL.createObjectURL = vi.fn(() => 'blob:xlsx/1');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearToken();
});

describe('DataQuery (综合查询)', () => {
  it('shows 简单赔付率 in the combined table and exports the page as dataset=query', async () => {
    const api = stub();
    vi.stubGlobal('fetch', api.fetchMock);
    renderScreen(<DataQuery />, ['query', 'export'], 'insuranceData');
    expect((await screen.findAllByText('50.00')).length).toBeGreaterThan(0); // 3500 ÷ 7000
    fireEvent.click(screen.getByRole('button', { name: /导出综合查询/ }));
    await waitFor(() => expect(saved).toEqual(['2026年综合查询（按区县）.xlsx']));
    const call = api.callsTo('/api/insuranceData/export')[0]!;
    expect(call.query.get('dataset')).toBe('query');
    expect(call.query.get('groupBy')).toBe('district');
    expect(call.query.get('year')).toBe(String(new Date().getFullYear()));
  });

  it('without the export action no export button is offered', async () => {
    vi.stubGlobal('fetch', stub().fetchMock);
    renderScreen(<DataQuery />, ['query'], 'insuranceData');
    expect((await screen.findAllByText('50.00')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: /导出综合查询/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /导出保费数据/ })).toBeNull();
  });
});
