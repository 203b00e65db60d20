import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api.tsx';
import { renderWithApp } from '../../test/render.tsx';
import { signInAs, testUser } from '../../test/user.ts';
import { AdminWorkCalendar, dayProblem } from './AdminWorkCalendar.tsx';
import { GovComplaintStats } from './GovComplaintStats.tsx';
import {
  AdminComplaint,
  GovComplaint,
  InsuranceComplaintManage,
  InsuranceComplaintQuery,
} from './HandlerScreens.tsx';
import { complaintRow, page, stats } from './test-fixtures.ts';

afterEach(() => vi.unstubAllGlobals());

const xlsx = () =>
  new Response(new Blob(['xlsx']), {
    headers: { 'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  });
const stubDownload = () =>
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }),
  );

describe('GovComplaint (投诉管理)', () => {
  const asGov = () =>
    signInAs(
      testUser({
        roleKey: 'ROLE_GOVERNMENT',
        permissions: { complaint: ['query', 'get', 'edit', 'export'] },
      }),
    );

  it('lists every complaint of its districts, overdue first with the flag, with complainant and handler', async () => {
    asGov();
    const calls = fakeApi({
      'POST /api/complaint/list': () =>
        page([
          complaintRow({
            id: 1,
            title: '超期的投诉',
            state: 3,
            stateLabel: '办理中',
            overdue: true,
            workDaysLeft: -3,
          }),
          complaintRow({
            id: 2,
            title: '已转监管的投诉',
            state: 6,
            stateLabel: '已转监管',
            satisfied: false,
          }),
        ]),
      'POST /api/complaint/stats': () => stats(),
      'POST /api/insurer/options': () => [{ id: 3, name: '人保财险宿迁分公司' }],
    });
    renderWithApp(<GovComplaint />, { actions: ['query', 'get', 'edit', 'export'] });
    await screen.findByText('超期的投诉');
    const rows = screen.getAllByRole('row').filter((r) => r.querySelector('[data-testid="complaint-state"]'));
    expect(rows.map((r) => within(r).getByTestId('complaint-state').textContent)).toEqual([
      '办理中',
      '已转监管',
    ]);
    expect(rows[0]!.className).toContain('aq-row-overdue');
    expect(within(rows[0]!).getByText('已超期 3 个工作日')).toBeTruthy();
    expect(within(rows[1]!).getByText('不满意')).toBeTruthy();
    expect(within(rows[0]!).getByText('宿迁市恒安化工有限公司')).toBeTruthy();
    // Totals above the list.
    const totals = await screen.findByTestId('complaint-totals');
    await waitFor(() => expect(totals.textContent).toContain('90%'));
    expect(totals.textContent).toContain('75%');
    expect(calls.find((c) => c.path === '/api/complaint/list')!.query.get('view')).toBe('handled');
    // Filters: state, type of unit, category, unit, district, overdue and submission time.
    for (const label of ['状态', '被投诉人类型', '投诉类别', '单位', '所属区县', '超期', '提交时间']) {
      expect(screen.getAllByText(label).length).toBeGreaterThan(0);
    }
  });

  it('the 已转监管 tab asks for state 6; 导出 downloads with the same filters', async () => {
    asGov();
    stubDownload();
    const calls = fakeApi({
      'POST /api/complaint/list': () => page([complaintRow()]),
      'POST /api/complaint/stats': () => stats(),
      'POST /api/insurer/options': () => [],
      'GET /api/complaint/export': xlsx,
    });
    renderWithApp(<GovComplaint />, { actions: ['query', 'get', 'edit', 'export'] });
    await screen.findByText('理赔款迟迟未到账');
    fireEvent.click(screen.getByRole('tab', { name: '已转监管' }));
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.path === '/api/complaint/list')
          .at(-1)
          ?.query.get('state'),
      ).toBe('6'),
    );
    fireEvent.click(screen.getByRole('button', { name: /导\s*出/ }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/complaint/export')).toBe(true));
    const exp = calls.find((c) => c.path === '/api/complaint/export')!;
    expect(exp.query.get('state')).toBe('6');
    expect(exp.query.get('view')).toBe('handled');
  });

  it('a row opens GovComplaintDetail', async () => {
    asGov();
    fakeApi({
      'POST /api/complaint/list': () => page([complaintRow()]),
      'POST /api/complaint/stats': () => stats(),
      'POST /api/insurer/options': () => [],
    });
    const { router } = renderWithApp(<GovComplaint />, { actions: ['query', 'get', 'edit'] });
    fireEvent.click(await screen.findByText('理赔款迟迟未到账'));
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        '/government/govComplaint/GovComplaintDetail/route?id=41',
      ),
    );
  });
});

describe('the insurer’s insuranceComplaintManage and insuranceComplaintQuery', () => {
  const asInsurer = () =>
    signInAs(
      testUser({
        roleKey: 'ROLE_INSURANCE',
        orgId: 3,
        permissions: { complaint: ['add', 'query', 'get', 'edit', 'export'] },
      }),
    );

  it('投诉处理 opens on 待受理 (state 1) and a row opens the insurer’s detail in handling mode', async () => {
    asInsurer();
    const calls = fakeApi({
      'POST /api/complaint/list': () =>
        page([complaintRow({ state: 1, stateLabel: '已提交', deadline: null })]),
      'POST /api/complaint/stats': () => stats(),
    });
    const { router } = renderWithApp(<InsuranceComplaintManage />, { actions: ['query', 'get', 'edit'] });
    await screen.findByText('理赔款迟迟未到账');
    const list = calls.find((c) => c.path === '/api/complaint/list')!;
    expect(list.query.get('state')).toBe('1');
    expect(list.query.get('view')).toBe('handled');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      '待受理',
      '办理中',
      '已受理',
      '已超期',
      '已答复',
      '全部',
    ]);
    fireEvent.click(screen.getByRole('tab', { name: '已超期' }));
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.path === '/api/complaint/list')
          .at(-1)
          ?.query.get('overdue'),
      ).toBe('true'),
    );
    fireEvent.click(screen.getByText('理赔款迟迟未到账'));
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        '/insurance/org/InsuranceComplaintDetail/route?id=41&from=handle',
      ),
    );
  });

  it('投诉查询 searches everything it handles and exports', async () => {
    asInsurer();
    stubDownload();
    const calls = fakeApi({
      'POST /api/complaint/list': () =>
        page([
          complaintRow({
            targetKind: 'service',
            targetKindLabel: '服务机构',
            targetName: '宿迁安评技术服务中心',
          }),
        ]),
      'POST /api/complaint/stats': () => stats(),
      'GET /api/complaint/export': xlsx,
    });
    renderWithApp(<InsuranceComplaintQuery />, { actions: ['query', 'get', 'export'] });
    await screen.findByText('宿迁安评技术服务中心');
    expect(calls.find((c) => c.path === '/api/complaint/list')!.query.get('state')).toBeNull();
    expect(screen.queryAllByRole('tab')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: /导\s*出/ }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/complaint/export')).toBe(true));
  });
});

describe('AdminComplaint (平台投诉处理)', () => {
  it('lists the platform complaints it handles', async () => {
    signInAs(testUser({ permissions: { complaint: ['query', 'get', 'edit', 'export'] } }));
    fakeApi({
      'POST /api/complaint/list': () =>
        page([
          complaintRow({
            title: '平台登录慢',
            targetKind: 'platform',
            targetKindLabel: '平台',
            targetName: '平台',
            handlerKind: 'admin',
            handlerName: '平台运营中心',
          }),
        ]),
      'POST /api/complaint/stats': () => stats(),
    });
    renderWithApp(<AdminComplaint />, { actions: ['query', 'get', 'edit', 'export'] });
    await screen.findByText('平台登录慢');
    expect(screen.getByText('平台 · 办理：平台运营中心')).toBeTruthy();
  });
});

describe('GovComplaintStats (投诉统计)', () => {
  it('shows by unit, type and month with the on-time and satisfaction rates, from 1 January', async () => {
    signInAs(testUser({ roleKey: 'ROLE_GOVERNMENT', permissions: { complaint: ['query'] } }));
    const calls = fakeApi({ 'POST /api/complaint/stats': () => stats() });
    renderWithApp(<GovComplaintStats />, { actions: ['query'] });
    const byUnit = await screen.findByTestId('stats-by-unit');
    await within(byUnit).findByText('人保财险宿迁分公司');
    expect(within(byUnit).getByText('83.3%')).toBeTruthy();
    expect(within(byUnit).getByText('80%')).toBeTruthy();
    const s = screen.getByTestId('complaint-stats');
    expect(s.textContent).toContain('按期答复率');
    expect(s.textContent).toContain('90%');
    expect(s.textContent).toContain('满意率');
    expect(s.textContent).toContain('75%');
    for (const title of ['按投诉类别', '按被投诉人类型', '按月份'])
      expect(screen.getByText(title)).toBeTruthy();
    const q = calls[0]!.query;
    expect(q.get('from')).toMatch(/^\d{4}-01-01$/);
    expect(q.get('to')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('AdminWorkCalendar (工作日历)', () => {
  const asAdmin = () => signInAs(testUser({ permissions: { setting: ['query', 'edit'] } }));

  it('a year of the built-in calendar is read-only', async () => {
    asAdmin();
    fakeApi({
      'POST /api/workCalendar/get': (c) => ({
        year: Number(c.query.get('year')),
        source: 'package',
        days: [{ date: '2026-10-01', kind: 'holiday', name: '国庆节' }],
        packageYears: [2024, 2025, 2026],
        version: 0,
        updatedAt: null,
      }),
    });
    renderWithApp(<AdminWorkCalendar />, { actions: ['query', 'edit'] });
    expect(await screen.findByText(/已由内置日历提供/)).toBeTruthy();
    expect(screen.getByText('2026-10-01 周四')).toBeTruthy();
    expect(screen.getByText('法定节假日（休息）')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /保\s*存/ })).toBeNull();
  });

  it('a year it does not cover is edited and saved with its version', async () => {
    asAdmin();
    const calls = fakeApi({
      'POST /api/workCalendar/get': (c) => ({
        year: Number(c.query.get('year')),
        source: 'custom',
        days: [
          { date: `${c.query.get('year')}-01-01`, kind: 'holiday', name: '元旦' },
          { date: `${c.query.get('year')}-02-07`, kind: 'workday', name: '春节' },
        ],
        packageYears: [2024, 2025],
        version: 3,
        updatedAt: null,
      }),
      'POST /api/workCalendar/save': () => ({ year: 2026, version: 4 }),
    });
    renderWithApp(<AdminWorkCalendar />, { actions: ['query', 'edit'] });
    expect(await screen.findByText(/内置日历未覆盖/)).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('calendar-day')).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/workCalendar/save')).toBe(true));
    const body = calls.find((c) => c.path === '/api/workCalendar/save')!.body as {
      year: number;
      version: number;
      days: unknown[];
    };
    const year = Number(calls[0]!.query.get('year'));
    expect(body).toEqual({
      year,
      version: 3,
      days: [
        { date: `${year}-01-01`, kind: 'holiday', name: '元旦' },
        { date: `${year}-02-07`, kind: 'workday', name: '春节' },
      ],
    });
  });

  it('checks each day with the server’s rules', async () => {
    const { default: dayjs } = await import('dayjs');
    const d = (s: string, kind: 'holiday' | 'workday' = 'holiday') => ({ date: dayjs(s), kind, name: 'x' });
    expect(dayProblem(2027, [d('2026-12-31')], 0)).toBe('日期 2026-12-31 不在 2027 年内');
    expect(dayProblem(2027, [d('2027-10-01'), d('2027-10-01')], 1)).toBe('日期 2027-10-01 重复');
    // 2027-02-08 is a Monday: a make-up working day must be a Saturday or Sunday.
    expect(dayProblem(2027, [d('2027-02-08', 'workday')], 0)).toBe('调休上班日 2027-02-08 须为周六或周日');
    expect(dayProblem(2027, [d('2027-02-07', 'workday')], 0)).toBeNull();
  });
});
