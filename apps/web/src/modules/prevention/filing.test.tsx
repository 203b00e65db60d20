import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderScreen } from '../../test/fake-api.tsx';
import type { PreventionFilingDetail, PreventionFilingRow } from './api-activity.ts';
import { GovApPlan } from './GovApPlan.tsx';
import { InsuranceApApply } from './InsuranceApApply.tsx';

afterEach(() => vi.unstubAllGlobals());

const row = (over: Partial<PreventionFilingRow> = {}): PreventionFilingRow => ({
  id: 5,
  insurerId: 3,
  insurerName: '人保财险宿迁分公司',
  year: 2026,
  versionNo: 1,
  versions: 1,
  latest: true,
  districts: ['321302'],
  districtNames: '宿城区',
  plannedServices: { '01': 4, '03': 6 },
  plannedTotal: 10,
  expectedPremium: 1_000_000,
  budgetAmount: 150_000,
  budgetRatioPct: 15,
  status: 'pending',
  statusLabel: '待审核',
  submittedAt: '2026-02-01T02:00:00Z',
  submittedByName: '张保',
  reviewedAt: null,
  reviewedByName: '',
  reviewRemark: '',
  version: 1,
  actions: { review: true, refile: false },
  ...over,
});

const detail = (r: PreventionFilingRow): PreventionFilingDetail => ({
  ...r,
  description: '全年计划',
  attachments: [{ id: '0f8b7c2e-8a51-4a53-9a7e-3d7f1e2b9c10', name: '计划.pdf', size: 20480, kind: 'pdf' }],
  history: [r],
});

const page = (list: PreventionFilingRow[]) => ({ list, total: list.length, pageNum: 1, pageSize: 10 });

describe('GovApPlan (预防计划)', () => {
  it('returns a pending plan only with a reason, sending its id and version', async () => {
    const calls = fakeApi({
      'POST /api/preventionFiling/govList': () => page([row()]),
      'POST /api/preventionFiling/review': () => null,
    });
    renderScreen(<GovApPlan />, ['query', 'get', 'edit', 'export']);
    expect(await screen.findByText('人保财险宿迁分公司')).toBeTruthy();
    expect(screen.getByText('待审核')).toBeTruthy();
    expect(screen.getByText('15.00%')).toBeTruthy();
    fireEvent.click(screen.getByText('退回'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '退 回' }));
    expect(await within(dialog).findByText('请填写退回原因')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/preventionFiling/review')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('退回原因'), { target: { value: '隐患排查次数偏少' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '退 回' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/preventionFiling/review')?.body).toEqual({
        id: 5,
        version: 1,
        approve: false,
        remark: '隐患排查次数偏少',
      }),
    );
  });

  it('approves after confirming', async () => {
    const calls = fakeApi({
      'POST /api/preventionFiling/govList': () => page([row()]),
      'POST /api/preventionFiling/review': () => null,
    });
    renderScreen(<GovApPlan />, ['query', 'get', 'edit']);
    fireEvent.click(await screen.findByText('备案通过'));
    fireEvent.click(await screen.findByRole('button', { name: '备案通过' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/preventionFiling/review')?.body).toMatchObject({
        approve: true,
      }),
    );
  });

  it('shows the versions of the year in the detail; no review buttons without the edit action', async () => {
    const r = row({ versionNo: 2, versions: 2, version: 3 });
    fakeApi({
      'POST /api/preventionFiling/govList': () => page([r]),
      'POST /api/preventionFiling/govDetail': () => ({
        ...detail(r),
        history: [r, row({ id: 4, status: 'returned', statusLabel: '已退回', reviewRemark: '预算过高' })],
      }),
    });
    renderScreen(<GovApPlan />, ['query', 'get']);
    fireEvent.click(await screen.findByText('查看'));
    const history = await screen.findByTestId('filing-history');
    expect(within(history).getByText('第1版')).toBeTruthy();
    expect(within(history).getByText('预算过高')).toBeTruthy();
    expect(screen.queryByText('退回')).toBeNull();
  });

  it('a message link (?id=) opens the filing it names', async () => {
    const r = row({ id: 9, versionNo: 2, versions: 2 });
    const calls = fakeApi({
      'POST /api/preventionFiling/govList': () => page([row(), r]),
      'POST /api/preventionFiling/govDetail': () => detail(r),
    });
    renderScreen(<GovApPlan />, ['query', 'get'], '/government/govAp/GovApPlan/route?id=9');
    expect(await screen.findByTestId('filing-history')).toBeTruthy();
    const asked = calls.find((c) => c.path === '/api/preventionFiling/govDetail');
    expect(asked?.query.get('id')).toBe('9');
  });
});

describe('InsuranceApApply (服务申请)', () => {
  it('shows a returned plan with its reason and re-files it as the next version', async () => {
    const returned = row({
      status: 'returned',
      statusLabel: '已退回',
      reviewRemark: '隐患排查次数偏少',
      reviewedAt: '2026-02-03T02:00:00Z',
      reviewedByName: '监管员',
      version: 2,
      actions: { review: false, refile: true },
    });
    const calls = fakeApi({
      'POST /api/preventionFiling/rules': () => ({ capRatio: 0.21, capPct: 21, years: [2026, 2027] }),
      'POST /api/preventionFiling/list': () => page([returned]),
      'POST /api/preventionFiling/detail': () => detail(returned),
      'POST /api/preventionFiling/add': () => ({ id: 9, versionNo: 2 }),
    });
    renderScreen(<InsuranceApApply />, ['add', 'query', 'get', 'edit']);
    expect(await screen.findByText('隐患排查次数偏少')).toBeTruthy();
    fireEvent.click(screen.getByText('重新备案'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('重新备案 2026年预防计划（第2版）')).toBeTruthy();
    expect(within(dialog).getByText('第1版已退回：隐患排查次数偏少')).toBeTruthy();
    expect(within(dialog).getByText(/预算占预计保费 15\.00%/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('03 生产安全事故隐患排查'), { target: { value: '12' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '提交备案' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/preventionFiling/add')).toBe(true));
    const body = calls.find((c) => c.path === '/api/preventionFiling/add')!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      year: 2026,
      districts: ['321302'],
      expectedPremium: 1_000_000,
      budgetAmount: 150_000,
      attachments: ['0f8b7c2e-8a51-4a53-9a7e-3d7f1e2b9c10'],
      supersedes: { id: 5, version: 2 },
    });
    expect(body.plannedServices).toEqual({ '01': 4, '02': 0, '03': 12, '04': 0, '05': 0, '06': 0, '07': 0 });
  });

  it('refuses a budget above the cap before sending', async () => {
    const calls = fakeApi({
      'POST /api/preventionFiling/rules': () => ({ capRatio: 0.21, capPct: 21, years: [2026] }),
      'POST /api/preventionFiling/list': () => page([]),
    });
    renderScreen(<InsuranceApApply />, ['add', 'query', 'get']);
    fireEvent.click(await screen.findByRole('button', { name: /新增备案/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('预计保费收入'), { target: { value: '100000' } });
    fireEvent.change(within(dialog).getByLabelText('预防费用预算'), { target: { value: '30000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '提交备案' }));
    expect(await within(dialog).findByText(/预防费用预算不能超过预计保费的21%/)).toBeTruthy();
    expect(await within(dialog).findByText('请上传年度预防计划文件')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/preventionFiling/add')).toBe(false);
  });
});
