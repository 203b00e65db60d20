import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api.tsx';
import { renderWithApp } from '../../test/render.tsx';
import { signInAs, testUser } from '../../test/user.ts';
import { GovRP, InsuranceAlarm } from './Alarms.tsx';
import { GovRiskDetail, GovRiskQuery } from './GovRisk.tsx';
import { GovSupervisedUser } from './GovSupervisedUser.tsx';
import {
  alarmItem,
  hazardDetail,
  page,
  riskDetail,
  riskItem,
  ruleSet,
  superviseItem,
} from './test-fixtures.ts';

afterEach(() => vi.unstubAllGlobals());

const asGov = (grants: Record<string, string[]> = { risk: ['query', 'get', 'export'] }) =>
  signInAs(testUser({ roleKey: 'ROLE_GOVERNMENT', permissions: grants }));

describe('GovRiskQuery', () => {
  it('counts enterprises per colour, lists them with hazard counts, filters by level and exports .xlsx', async () => {
    asGov();
    const blob = new Blob(['xlsx'], {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    const calls = fakeApi({
      'POST /api/risk/list': (c) =>
        c.query.get('pageSize') === '1'
          ? {
              list: [],
              // 低风险: more than the server counts (LIST_COUNT_CAP), answered capped.
              total: { '1': 3, '2': 5, '3': 8, '4': 10_000 }[c.query.get('riskLevel') ?? ''] ?? 0,
              totalCapped: c.query.get('riskLevel') === '4',
              pageNum: 1,
            }
          : page([riskItem()]),
      'GET /api/risk/export': () =>
        new Response(blob, {
          headers: { 'Content-Disposition': "attachment; filename*=UTF-8''risk.xlsx" },
        }),
    });
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }),
    );
    renderWithApp(<GovRiskQuery />, { actions: ['query', 'get', 'export'] });
    await screen.findByText('宿迁市恒安化工有限公司');
    await waitFor(() => expect(screen.getByTestId('risk-count-1').textContent).toContain('3'));
    expect(screen.getByTestId('risk-count-1').textContent).toContain('重大风险');
    expect(screen.getByTestId('risk-count-1').textContent).toBe('重大风险3家');
    await waitFor(() => expect(screen.getByTestId('risk-count-4').textContent).toBe('低风险10,000+家'));
    const row = screen.getByText('宿迁市恒安化工有限公司').closest('tr') as HTMLElement;
    expect(within(row).getByTestId('risk-level').textContent).toBe('重大风险');
    expect(row.textContent).toContain('危险化学品');
    expect(row.textContent).toContain('宿城区');
    expect(row.textContent).toContain('已投保');
    expect(row.textContent).toContain('2026-11-28 00:00');

    fireEvent.click(screen.getByTestId('risk-count-2'));
    await waitFor(() =>
      expect(
        calls.some(
          (c) =>
            c.path === '/api/risk/list' &&
            c.query.get('riskLevel') === '2' &&
            c.query.get('pageSize') !== '1',
        ),
      ).toBe(true),
    );
    fireEvent.click(screen.getByRole('button', { name: /导出Excel/ }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/risk/export')).toBe(true));
    // The export carries the level picked above.
    expect(calls.find((c) => c.path === '/api/risk/export')?.query.get('riskLevel')).toBe('2');
  });

  it('shows the rule table', async () => {
    asGov();
    fakeApi({ 'POST /api/risk/list': () => page([]), 'GET /api/risk/rules': ruleSet });
    renderWithApp(<GovRiskQuery />, { actions: ['query', 'get'] });
    fireEvent.click(await screen.findByRole('button', { name: '风险分级规则' }));
    const rules = await screen.findByTestId('risk-rules');
    await within(rules).findByText('未整改重大隐患数');
    expect(rules.textContent).toContain('≥60分为重大风险（红）');
    expect(rules.textContent).toContain('初始规则');
  });
});

describe('GovRiskDetail', () => {
  it('shows the level with its history and reason, factors, hazards, timeline, services and claims', async () => {
    asGov();
    fakeApi({
      'POST /api/risk/detail': (c) => {
        expect(c.query.get('enterpriseId')).toBe('11');
        return riskDetail();
      },
      'POST /api/hazard/detail': () => hazardDetail(),
      'GET /api/hazard/file': () => new Response(new Blob(['x'], { type: 'image/png' })),
    });
    renderWithApp(<GovRiskDetail />, { path: '/d?enterpriseId=11', actions: ['query', 'get'] });
    expect((await screen.findByTestId('risk-title')).textContent).toBe('宿迁市恒安化工有限公司');
    const history = screen.getByTestId('risk-history');
    expect(history.textContent).toContain('较大风险');
    expect(history.textContent).toContain('重大风险');
    expect(history.textContent).toContain('未整改重大隐患1条（+30分）');
    expect(history.textContent).toContain('隐患变化');
    expect(screen.getByTestId('risk-factors').textContent).toContain('高危行业');
    expect(screen.getByTestId('risk-hazards').textContent).toContain('配电箱未可靠接地');
    expect(screen.getByTestId('risk-hazards').textContent).toContain('逾期8天');
    expect(screen.getByTestId('hazard-timeline').textContent).toContain('登记隐患');
    expect(screen.getByTestId('risk-services').textContent).toContain('十一月隐患排查');
    expect(screen.getByTestId('risk-claims').textContent).toContain('12,000.00 元');
    fireEvent.click(within(screen.getByTestId('risk-hazards')).getByText('配电箱未可靠接地'));
    const drawer = await screen.findByTestId('hazard-drawer');
    await within(drawer).findByText('立即断电并重新接地');
  });

  it('an enterprise out of scope shows 企业不存在', async () => {
    asGov();
    fakeApi({
      'POST /api/risk/detail': () =>
        new Response(JSON.stringify({ error: 1, apiError: 404, result: '未找到该企业', data: null }), {
          status: 404,
          headers: { 'Content-Type': 'application/json' },
        }),
    });
    renderWithApp(<GovRiskDetail />, { path: '/d?enterpriseId=99', actions: ['query', 'get'] });
    expect(await screen.findByText('企业不存在')).toBeTruthy();
    expect(screen.getAllByText('未找到该企业').length).toBeGreaterThan(0);
  });
});

describe('GovSupervisedUser', () => {
  it('lists each enterprise under key supervision with why it is listed', async () => {
    asGov({ supervise: ['query', 'get'] });
    fakeApi({ 'POST /api/supervise/list': () => page([superviseItem()]) });
    renderWithApp(<GovSupervisedUser />, { actions: ['query', 'get'] });
    const reasons = await screen.findByTestId('supervise-reasons-12');
    expect(reasons.textContent).toContain('应保未保');
    expect(reasons.textContent).toContain('存在未整改重大隐患');
    expect(reasons.textContent).toContain('烟花爆竹行业应当投保，当前无有效保单');
    const row = reasons.closest('tr') as HTMLElement;
    expect(within(row).getByTestId('risk-level').textContent).toBe('较大风险');
    expect(row.textContent).toContain('未投保');
  });
});

describe('GovRP and InsuranceAlarm', () => {
  it('the regulator sees its alarms with the rule, first seen and who acknowledged; acknowledges one', async () => {
    asGov({ alarm: ['query', 'get', 'edit'] });
    const calls = fakeApi({
      'POST /api/alarm/list': () =>
        page([
          alarmItem(),
          alarmItem({
            id: 92,
            kind: 'riskRaised',
            kindLabel: '企业风险等级升至较大及以上',
            rule: '企业风险等级升至较大及以上',
            targetType: 'enterprise',
            targetId: 11,
            targetLabel: '宿迁市恒安化工有限公司',
            acknowledged: true,
            acknowledgedAt: '2026-11-28T01:00:00.000Z',
            acknowledgedBy: [{ name: '宿城区监管员', at: '2026-11-28T01:00:00.000Z' }],
          }),
        ]),
      'POST /api/alarm/ack': () => ({ count: 1 }),
    });
    renderWithApp(<GovRP />, { actions: ['query', 'get', 'edit'] });
    await screen.findByText('重大隐患限时整改日期已过且未完成整改');
    expect(screen.getAllByTestId('alarm-kind').map((t) => t.textContent)).toEqual([
      '重大隐患逾期',
      '企业风险等级升至较大及以上',
    ]);
    // First seen in China time (00:00 UTC is 08:00 in Suqian).
    expect(screen.getAllByText('2026-11-21 08:00')).toHaveLength(2);
    expect(screen.getByTestId('alarm-acked').textContent).toContain('宿城区监管员');
    expect(screen.queryByTestId('alarm-ack-92')).toBeNull();
    fireEvent.click(screen.getByTestId('alarm-ack-91'));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/alarm/ack')).toBe(true));
    expect(calls.find((c) => c.path === '/api/alarm/ack')?.body).toEqual({ ids: [91] });
  });

  it('the insurer opens the hazard of an alarm in place', async () => {
    signInAs(
      testUser({
        roleKey: 'ROLE_INSURANCE',
        permissions: { alarm: ['query', 'get', 'edit'], risk: ['query', 'get'] },
      }),
    );
    fakeApi({
      'POST /api/alarm/list': () => page([alarmItem()]),
      'POST /api/hazard/detail': () => hazardDetail(),
      'GET /api/hazard/file': () => new Response(new Blob(['x'], { type: 'image/png' })),
    });
    renderWithApp(<InsuranceAlarm />, { actions: ['query', 'get', 'edit'] });
    fireEvent.click(await screen.findByTestId('alarm-target-91'));
    const drawer = await screen.findByTestId('hazard-drawer');
    await within(drawer).findByText('立即断电并重新接地');
    expect(within(drawer).getByTestId('hazard-fields').textContent).toContain('二号车间');
  });
});
