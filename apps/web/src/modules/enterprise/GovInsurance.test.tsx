import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIST_WIDTH_AT_1440 } from '../../components/index.ts';
import { renderWithApp } from '../../test/render.tsx';
import { signInAs, testUser } from '../../test/user.ts';
import { claimFixture } from '../claim/test-fixtures.ts';
import { policyDetailFixture, policyRowFixture } from '../policy/test-fixtures.ts';
import { GovInsurance } from './GovInsurance.tsx';
import { PolicyDrawer } from './insurance-views.tsx';

const policy = policyRowFixture();
const detail = policyDetailFixture();

const claim = claimFixture({
  enterpriseName: '宿迁市恒安化工有限公司第二生产基地',
  accidentAt: '2026-02-23T05:55:00.000Z',
  accidentLevel: 1,
  accidentLevelLabel: '未达到事故等级',
  deaths: 1,
  injuries: 2,
  payoutTotal: 1939.5,
  lateReport: true,
  unpaidOverdue: true,
});

const ok = (data: unknown) =>
  new Response(JSON.stringify({ error: 0, apiError: 0, result: 'ok', data }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const path = new URL(input, 'http://localhost').pathname;
      if (path.endsWith('/policy/list')) return ok({ page: { list: [policy], total: 1, pageNum: 1 } });
      if (path.endsWith('/govInsurance/claimList'))
        return ok({ page: { list: [claim], total: 1, pageNum: 1 } });
      if (path.endsWith('/policy/detail')) return ok(detail);
      if (path.endsWith('/govInsurance/claimDetail')) return ok(claim);
      return new Response('{}', { status: 404 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const tableOf = (container: HTMLElement) =>
  container.querySelector<HTMLTableElement>('.ant-table-content table, .ant-table-body table');
const tableWidthOf = (container: HTMLElement) => Number.parseInt(tableOf(container)?.style.width ?? '', 10);

describe('保险业务 (government) at 1440 px', () => {
  it('保单: every column in view without scrolling sideways, amounts with two decimals', async () => {
    const { container } = renderWithApp(<GovInsurance />, { actions: ['query', 'export'] });
    expect(await screen.findByText(policy.policyNo!)).toBeTruthy();
    expect(tableWidthOf(container)).toBeLessThanOrEqual(LIST_WIDTH_AT_1440);
    for (const header of [
      '保单号',
      '投保企业',
      '出单机构',
      '保险期间',
      '状态',
      '参保人数',
      '保额',
      '保费',
      '预防费用',
    ])
      expect(screen.getByRole('columnheader', { name: new RegExp(header) })).toBeTruthy();
    // Long names are cut with their whole text on hover; district and industry under the name.
    for (const text of [policy.holderName, policy.insurerName])
      expect(screen.getByText(text).closest('[title]')?.getAttribute('title')).toBe(text);
    expect(screen.getByText('宿城区 · 危险化学品')).toBeTruthy();
    expect(screen.getByText('保障中')).toBeTruthy();
    // 元 amounts always show two decimals (3,258.50, not 3,258.5); 万元 stays as it is.
    expect(screen.getByText('3,258.50')).toBeTruthy();
    expect(screen.getByText('14,592.60')).toBeTruthy();
    expect(screen.getByText('4,350')).toBeTruthy();
  });

  it('理赔案件: every column in view, the accident level whole, time in China time', async () => {
    const { container } = renderWithApp(<GovInsurance />, { actions: ['query'] });
    expect(await screen.findByText(policy.policyNo!)).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '理赔案件' }));
    expect(await screen.findByText(claim.reportNo)).toBeTruthy();
    expect(tableWidthOf(container)).toBeLessThanOrEqual(LIST_WIDTH_AT_1440);
    for (const header of ['报案号', '企业', '出险时间', '当前环节', '事故等级', '金额', '预警'])
      expect(screen.getByRole('columnheader', { name: new RegExp(header) })).toBeTruthy();
    const level = screen.getByText('未达到事故等级');
    expect(level.closest('[title]')?.getAttribute('title')).toBe('未达到事故等级');
    expect(screen.getByText('亡1 伤2')).toBeTruthy();
    expect(screen.getByText('1,939.50')).toBeTruthy();
    expect(screen.getByText('逾期报案')).toBeTruthy();
    // 05:55 UTC is 13:55 in China, whatever the browser's zone.
    const row = screen.getByText(claim.reportNo).closest('tr') as HTMLElement;
    expect(within(row).getByText('2026-02-23', { exact: false })).toBeTruthy();
    expect(within(row).getByText('13:55')).toBeTruthy();
  });
});

describe('a message link (?claim=)', () => {
  it('opens the claim tab with that claim’s details; closing them takes the id off the URL', async () => {
    const { router } = renderWithApp(<GovInsurance />, {
      actions: ['query'],
      path: `/government/govInsurance/GovInsurance/route?claim=${claim.id}`,
    });
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText(`理赔案件 ${claim.reportNo}`)).toBeTruthy();
    expect(screen.getByRole('tab', { name: '理赔案件' }).getAttribute('aria-selected')).toBe('true');
    const calls = (fetch as unknown as { mock: { calls: [string][] } }).mock.calls.map((c) => c[0]);
    expect(calls).toContain(`/api/govInsurance/claimDetail?id=${claim.id}`);
    fireEvent.click(within(drawer).getByRole('button', { name: /close|关闭/i }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});

describe('所属区县 filter of a district-level regulator', () => {
  it('offers only its own districts', async () => {
    signInAs(testUser({ roleKey: 'ROLE_GOVERNMENT', districtCodes: ['321311'] }));
    renderWithApp(<GovInsurance />, { actions: ['query'] });
    expect(await screen.findByText(policy.policyNo!)).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '所属区县' }));
    await screen.findAllByRole('option');
    expect([...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent)).toEqual([
      '宿豫区',
    ]);
  });
});

describe('保单 drawer (government)', () => {
  it('shows the benchmark rate with its unit ‰, the policy number on one line and amounts with two decimals', async () => {
    renderWithApp(<PolicyDrawer id={policy.id} onClose={() => undefined} />);
    const rate = await screen.findByText('1.8‰');
    expect(rate).toBeTruthy();
    const no = screen
      .getAllByText(policy.policyNo!)
      .find((el) => el.closest('.ant-descriptions-item-content')) as HTMLElement;
    expect(no.style.whiteSpace).toBe('nowrap');
    expect(screen.getByText('14,592.60 元（18%）')).toBeTruthy();
    expect(screen.getByText('3,258.50 元')).toBeTruthy();
  });
});

describe('保险业务 opened from a figure of the cockpit', () => {
  const queries = () =>
    (vi.mocked(fetch).mock.calls as unknown as [string][]).map(([u]) => new URL(u, 'http://localhost'));
  it('the policy tab lists the issued policies starting within the period, of the district', async () => {
    renderWithApp(<GovInsurance />, {
      actions: ['query'],
      path: '/x?tab=policy&state=issued&startFrom=2026-01-01&startTo=2026-11-28&districtCode=321323',
    });
    expect(await screen.findByText('本辖区保单（起保日期 2026-01-01 至 2026-11-28）')).toBeTruthy();
    await waitFor(() => expect(queries().some((u) => u.pathname.endsWith('/policy/list'))).toBe(true));
    const q = queries().find((u) => u.pathname.endsWith('/policy/list'))!.searchParams;
    expect(
      Object.fromEntries(['state', 'startFrom', 'startTo', 'districtCode'].map((k) => [k, q.get(k)])),
    ).toEqual({
      state: 'issued',
      startFrom: '2026-01-01',
      startTo: '2026-11-28',
      districtCode: '321323',
    });
  });

  it('the claim tab opens with the year and flag of the figure', async () => {
    renderWithApp(<GovInsurance />, { actions: ['query'], path: '/x?tab=claim&year=2026&flag=unpaid' });
    await waitFor(() =>
      expect(queries().some((u) => u.pathname.endsWith('/govInsurance/claimList'))).toBe(true),
    );
    const q = queries().find((u) => u.pathname.endsWith('/govInsurance/claimList'))!.searchParams;
    expect([q.get('year'), q.get('flag')]).toEqual(['2026', 'unpaid']);
  });
});
