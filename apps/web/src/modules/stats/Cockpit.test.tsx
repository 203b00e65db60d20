import type { Cockpit as CockpitData } from '@aqzrx/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../test/fake-api.tsx';
import { renderWithApp } from '../../test/render.tsx';
import { signInAs, testUser } from '../../test/user.ts';
import { Cockpit, drillLink } from './Cockpit.tsx';
import { StatReport } from './StatReport.tsx';

const d = (code: string, name: string) => ({ code, name });
const SY = d('321323', '泗阳县');
const SC = d('321302', '宿城区');

export function cockpitFixture(over: Partial<CockpitData> = {}): CockpitData {
  const k = (
    key: string,
    label: string,
    unit: string,
    value: number,
    previous: number,
    yoy: number | null,
  ) => ({
    key,
    label,
    unit,
    value,
    previous,
    yoy,
  });
  return {
    period: { kind: 'year', year: 2026, n: 0, label: '2026年', from: '2026-01-01', to: '2026-11-28' },
    districts: [SC, SY],
    scopeName: '宿迁市',
    computedAt: '2026-11-28T02:00:00.000Z',
    // Rollups last brought up to date at 09:57 China time.
    dataAsOf: '2026-11-28T01:57:30.000Z',
    kpis: [
      k('mustInsure', '应保企业', '家', 4, 3, 33.3),
      k('insured', '已保企业', '家', 2, 1, 100),
      k('coverageRate', '参保率', '%', 50, 25, 100),
      k('premium', '保费', '元', 18000.5, 3000, 500),
      k('claims', '理赔案件', '件', 5, 0, null),
      k('rectifyRate', '隐患整改率', '%', 33.3, 40, -16.8),
    ],
    uptake: {
      mustInsure: 4,
      insured: 2,
      rate: 50,
      voluntary: 1,
      asOf: '2026-11-28',
      byDistrict: [
        { ...SC, mustInsure: 2, insured: 1, rate: 50, voluntary: 0 },
        { ...SY, mustInsure: 2, insured: 1, rate: 50, voluntary: 1 },
      ],
      byIndustry: [{ code: 'AQ02', name: '危险化学品', mustInsure: 2, insured: 1, rate: 50, voluntary: 0 }],
    },
    business: {
      policies: 4,
      premium: 18000.5,
      sumInsuredWan: 180,
      preventionFee: 1500,
      coinsured: 1,
      coinsuredShare: 25,
      byMonth: [{ code: '2026-01', name: '1月', policies: 1, premium: 2000, sumInsuredWan: 20 }],
      byDistrict: [
        { ...SC, policies: 2, premium: 11000.5, sumInsuredWan: 110 },
        { ...SY, policies: 2, premium: 7000, sumInsuredWan: 70 },
      ],
      byIndustry: [],
      byInsurer: [
        { code: '3', name: '人保财险宿迁分公司', policies: 4, premium: 18000.5, sumInsuredWan: 180 },
      ],
    },
    claims: {
      reported: 5,
      closed: 1,
      closeRate: 20,
      paid: 9500,
      closedPaid: 8000,
      avgPaid: 8000,
      unpaidOverdue: 1,
      unpaidDays: 60,
      byMonth: [{ code: '2026-03', name: '3月', reported: 1, closed: 1, paid: 8000 }],
      byDistrict: [
        { ...SC, reported: 2, closed: 1, paid: 8000 },
        { ...SY, reported: 3, closed: 0, paid: 1500 },
      ],
      byType: [{ code: '01', name: '物体打击', value: 2 }],
      byLevel: [],
    },
    prevention: {
      planned: 4,
      done: 3,
      doneRate: 75,
      enterprisesServed: 2,
      spend: 600,
      accrued: 1500,
      spent: 600,
      byDistrict: [
        { ...SC, planned: 2, done: 1 },
        { ...SY, planned: 2, done: 2 },
      ],
      byInsurer: [{ code: '3', name: '人保财险宿迁分公司', accrued: 1500, spent: 600 }],
    },
    hazards: {
      found: 3,
      rectified: 1,
      rectifyRate: 33.3,
      overdue: 1,
      majorOpen: 1,
      byDistrict: [
        { ...SC, found: 2, rectified: 1 },
        { ...SY, found: 1, rectified: 0 },
      ],
    },
    complaints: {
      received: 3,
      replied: 2,
      onTime: 1,
      onTimeRate: 50,
      rated: 2,
      satisfied: 1,
      satisfactionRate: 50,
      claimSatisfaction: 4,
      policySatisfaction: 4.5,
    },
    experts: { total: 3, byTitle: [{ code: '高级工程师', name: '高级工程师', value: 2 }] },
    ...over,
  };
}

const entList = {
  id: 9,
  resUrl: 'government/govEnt/GovEntList',
  authKey: 'route',
  name: '企业列表',
  resName: '',
  icon: '',
  permission: 'enterprise',
  level: 2,
  action: 'query',
  isMenu: true,
  hide: false,
  redirect: '',
  component: 'GovEntList',
  children: [],
};
const asGov = () =>
  signInAs(testUser({ roleKey: 'ROLE_GOVERNMENT', permissions: { cockpit: ['query'] } }), {
    resources: [entList],
  } as never);

describe('Cockpit (数据驾驶舱)', () => {
  it('shows the headline figures with units and last year’s change, each linking to its records', async () => {
    asGov();
    const calls = fakeApi({ 'POST /api/stats/cockpit': () => cockpitFixture() });
    renderWithApp(<Cockpit />);
    const kpi = (key: string) => document.querySelector(`[data-kpi="${key}"]`) as HTMLElement;
    await waitFor(() => expect(kpi('coverageRate')).toBeTruthy());
    expect(kpi('coverageRate').textContent).toBe('参保率50%同比 +100%');
    expect(kpi('premium').textContent).toBe('保费（元）18,000.5同比 +500%');
    expect(kpi('claims').textContent).toContain('同比 —');
    expect(kpi('rectifyRate').querySelector('.down')).toBeTruthy();
    // This year by default.
    expect(calls[0]!.query.get('kind')).toBe('year');
    expect(screen.getByTestId('cockpit-freshness').textContent).toContain(
      '宿迁市 · 2026年（2026-01-01 至 2026-11-28）',
    );
    // How fresh the figures are, in China time.
    expect(screen.getByTestId('cockpit-freshness').textContent).toContain('数据更新于 09:57');
    // 应保/已保 link to the enterprise list filtered the same way.
    const insured = kpi('insured').closest('a')!;
    expect(insured.getAttribute('href')).toBe(
      '/government/govEnt/GovEntList/route?mustInsure=true&insured=true',
    );
    const table = screen.getByTestId('uptake-by-district');
    const sy = within(table).getByText('泗阳县').closest('tr')!;
    expect(sy.textContent).toContain('50%');
    const rate = sy.querySelector('[data-rate="321323"]')!.closest('a')!;
    expect(rate.getAttribute('href')).toBe(
      '/government/govEnt/GovEntList/route?districtCode=321323&mustInsure=true&insured=true',
    );
    expect(screen.getByTestId('cockpit-claims').textContent).toContain('立案超60天未付（件）：1');
  });

  it('a month period asks for that month; the big screen shows the figures on a full-screen dark panel', async () => {
    asGov();
    const calls = fakeApi({ 'POST /api/stats/cockpit': () => cockpitFixture() });
    renderWithApp(<Cockpit />);
    await screen.findByText('大屏模式');
    fireEvent.click(screen.getByText('月度'));
    await waitFor(() => expect(calls.some((c) => c.query.get('kind') === 'month')).toBe(true));
    expect(Number(calls.find((c) => c.query.get('kind') === 'month')!.query.get('n'))).toBeGreaterThan(0);
    fireEvent.click(screen.getByText('大屏模式'));
    const big = await screen.findByTestId('bigscreen');
    expect(big.textContent).toContain('宿迁市安全生产责任保险数据驾驶舱');
    expect(big.textContent).toContain('自动刷新');
    expect(screen.getByTestId('bigscreen-freshness').textContent).toContain('数据更新于 09:57');
    expect(big.querySelector('[data-kpi="coverageRate"]')).toBeTruthy();
    expect(big.querySelector('[data-chart="district-compare"]')).toBeTruthy();
    expect(document.documentElement.style.overflow).toBe('hidden');
    fireEvent.click(screen.getByText('退出大屏'));
    await screen.findByTestId('cockpit');
  });

  it('drill links carry the figure’s filters; without a list screen for the role they are left out', () => {
    const none = { ent: null, insurance: null, prevention: null, hazard: null, complaint: null };
    expect(drillLink('insured', none)).toBeNull();
    const period = { kind: 'year' as const, year: 2026, from: '2026-01-01', to: '2026-11-28' };
    const ins = { ...none, insurance: '/i' };
    expect(drillLink('premium', ins, '321323', undefined, period)).toBe(
      '/i?tab=policy&state=issued&startFrom=2026-01-01&startTo=2026-11-28&districtCode=321323',
    );
    expect(drillLink('closeRate', ins, undefined, undefined, period)).toBe(
      '/i?tab=claim&year=2026&phase=closed',
    );
    expect(drillLink('claims', ins, undefined, undefined, { ...period, kind: 'month' })).toBe('/i?tab=claim');
    expect(drillLink('unpaid', ins)).toBe('/i?tab=claim&flag=unpaid');
    expect(drillLink('voluntary', { ...none, ent: '/e' }, '321323')).toBe(
      '/e?districtCode=321323&mustInsure=false&insured=true',
    );
  });
});

describe('StatReport (统计报表)', () => {
  it('lists the archived reports with their totals and makes one on demand', async () => {
    signInAs(
      testUser({ roleKey: 'ROLE_GOVERNMENT', permissions: { statReport: ['query', 'add', 'export'] } }),
    );
    const row = {
      id: 1,
      kind: 'month',
      period: '2026-10',
      periodLabel: '2026年10月',
      districtCode: '321323',
      scopeName: '泗阳县',
      cutoff: '2026-10-31',
      generatedAt: '2026-11-04T16:00:00.000Z',
      trigger: 'schedule',
      fileName: '泗阳县2026年10月统计报表.xlsx',
      size: 100,
      sha256: 'x',
      totals: { policies: 12, premium: 34567.5 },
    };
    const calls = fakeApi({
      'POST /api/stats/report/list': () => ({ list: [row], total: 1, pageNum: 1, pageSize: 10 }),
      'POST /api/stats/report/generate': () => ({ ...row, id: 2, created: true }),
    });
    renderWithApp(<StatReport />, { actions: ['query', 'add', 'export'] });
    await screen.findByText('泗阳县2026年10月');
    expect(screen.getByText('定时')).toBeTruthy();
    expect(screen.getByText('保费（元）：34,567.5')).toBeTruthy();
    expect(screen.getByText('下载')).toBeTruthy();
    fireEvent.click(screen.getByText('生成报表'));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/stats/report/generate')).toBe(true));
    const body = calls.find((c) => c.path === '/api/stats/report/generate')!.body as Record<string, unknown>;
    expect(body.kind).toBe('month');
    expect(Number(body.n)).toBeGreaterThan(0);
  });
});
