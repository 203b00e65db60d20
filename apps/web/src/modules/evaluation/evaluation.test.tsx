import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../test/fake-api.tsx';
import { renderWithApp } from '../../test/render.tsx';
import { signInAs, testUser } from '../../test/user.ts';
import { GovApEval, InsuranceApEval } from './ApEvalScreens.tsx';
import type { ApEvalIndicators, ApEvalRow, SatisfactionFigure, SatisfactionReportRow } from './api.ts';
import { GovEvaluation } from './GovEvaluation.tsx';
import { PendingRatings, RateButton } from './PendingRatings.tsx';
import { reportProblem } from './parts.tsx';

afterEach(() => vi.unstubAllGlobals());

const page = <T,>(list: T[]) => ({ list, total: list.length, pageNum: 1 });
const fig = (count: number, average: number | null, satisfiedRate: number | null): SatisfactionFigure => ({
  count,
  average,
  satisfiedRate,
});
const none = fig(0, null, null);
const reportRow = (over: Partial<SatisfactionReportRow> = {}): SatisfactionReportRow => ({
  key: '3',
  name: '人保财险宿迁分公司',
  items: { policy: fig(4, 4.5, 100), claim: fig(2, 3, 50), record: fig(3, 4.33, 66.7), followUp: none },
  overall: fig(9, 4.11, 77.8),
  ...over,
});

const asGov = () =>
  signInAs(
    testUser({
      roleKey: 'ROLE_GOVERNMENT',
      permissions: { evaluation: ['query', 'get', 'export'], ap: ['query', 'get', 'edit'] },
    }),
  );

describe('GovEvaluation (满意度评价)', () => {
  const api = () =>
    fakeApi({
      'POST /api/evaluation/report': (c) => ({
        rows:
          c.query.get('groupBy') === 'district'
            ? [reportRow({ key: '321302', name: '宿城区' })]
            : [reportRow()],
        totals: reportRow({ key: 'all', name: '合计' }),
      }),
      'POST /api/evaluation/comments': () =>
        page([
          {
            item: 'claim',
            itemLabel: '理赔满意度',
            score: 2,
            scoreLabel: '不满意',
            comment: '理赔太慢',
            enterpriseName: '宿迁市恒安化工有限公司',
            insurerName: '人保财险宿迁分公司',
            serviceOrgName: '',
            districtCode: '321302',
            source: 'LP2026000009',
            ratedAt: '2026-06-01T02:00:00.000Z',
          },
        ]),
      'GET /api/evaluation/export': () =>
        new Response(new Blob(['xlsx']), {
          headers: { 'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
        }),
    });

  it('shows the four items by insurer with averages, satisfied rates and the totals; then by district', async () => {
    asGov();
    const calls = api();
    renderWithApp(<GovEvaluation />, { actions: ['query', 'get', 'export'] });
    const report = await screen.findByTestId('satisfaction-report');
    await within(report).findByText('人保财险宿迁分公司');
    for (const h of ['投保满意度', '理赔满意度', '企业配合度', '被服务单位配合度', '综合'])
      expect(within(report).getAllByText(h).length).toBeGreaterThan(0);
    expect(within(report).getAllByText('4.50 分').length).toBe(2);
    expect(within(report).getAllByText('满意 50% · 2 条').length).toBe(2);
    expect(within(report).getByTestId('satisfaction-totals').textContent).toContain('合计');
    const first = calls.find((c) => c.path === '/api/evaluation/report')!.query;
    expect(first.get('groupBy')).toBe('insurer');
    expect(first.get('from')).toMatch(/^\d{4}-01-01$/);
    fireEvent.click(screen.getByText('按区县'));
    await within(report).findByText('宿城区');
    expect(
      calls
        .filter((c) => c.path === '/api/evaluation/report')
        .at(-1)!
        .query.get('groupBy'),
    ).toBe('district');
  });

  it('lists the comments with who rated whom, and exports', async () => {
    asGov();
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }),
    );
    const calls = api();
    renderWithApp(<GovEvaluation />, { actions: ['query', 'get', 'export'] });
    const comments = await screen.findByTestId('satisfaction-comments');
    await within(comments).findByText('理赔太慢');
    expect(within(comments).getByText('2 分 不满意')).toBeTruthy();
    expect(within(comments).getByText('宿迁市恒安化工有限公司')).toBeTruthy();
    expect(within(comments).getByText('宿城区')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /导\s*出/ }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/evaluation/export')).toBe(true));
    expect(calls.find((c) => c.path === '/api/evaluation/export')!.query.get('groupBy')).toBe('insurer');
  });
});

const evalRow = (over: Partial<ApEvalRow> = {}): ApEvalRow => ({
  id: 5,
  evalType: '01',
  evalTypeLabel: '年度评估',
  year: 2025,
  projectName: '2025年度事故预防服务评估',
  commissioningUnit: '宿迁市应急管理局',
  insurerId: 3,
  insurerName: '人保财险宿迁分公司',
  implementingUnit: '江苏安评咨询有限公司',
  evalDate: '2026-03-15',
  result: 'good',
  resultLabel: '良好',
  score: 86,
  summary: '服务覆盖面较好，隐患整改跟踪需加强。',
  reports: [{ id: 'f0000000-0000-4000-8000-000000000009', name: '评估报告.pdf', size: 204800, kind: 'file' }],
  createdBy: '市应急局',
  createdAt: '2026-03-16T02:00:00.000Z',
  version: 1,
  ...over,
});
const indicators = (): ApEvalIndicators => ({
  insurerId: 3,
  insurerName: '人保财险宿迁分公司',
  year: 2025,
  servicesPlanned: 40,
  servicesDone: 36,
  serviceRate: 90,
  fundAccrued: 120000,
  fundUsed: 96000,
  fundUseRate: 80,
  hazardsFound: 25,
  hazardsRectified: 22,
  hazardsRectifiedOnTime: 20,
  rectifyOnTimeRate: 80,
  complaints: 4,
  complaintsOnTime: 3,
  complaintsOverdue: 1,
  satisfactionCount: 30,
  satisfactionRate: 86.7,
});

describe('GovApEval (服务评估)', () => {
  it('lists the evaluations; a row shows its report and the platform indicators of that insurer and year', async () => {
    asGov();
    const calls = fakeApi({
      'POST /api/apEval/list': () => page([evalRow()]),
      'POST /api/apEval/insurers': () => [{ orgId: 3, name: '人保财险宿迁分公司' }],
      'POST /api/apEval/indicators': () => indicators(),
    });
    renderWithApp(<GovApEval />, { actions: ['query', 'get', 'edit'] });
    fireEvent.click(await screen.findByText('2025年度事故预防服务评估'));
    const detail = await screen.findByTestId('eval-detail');
    expect(within(detail).getByText('江苏安评咨询有限公司')).toBeTruthy();
    expect(within(detail).getByText('评估报告.pdf')).toBeTruthy();
    const ind = await screen.findByTestId('eval-indicators');
    expect(ind.textContent).toContain('完成 36 / 计划 40 次');
    expect(ind.textContent).toContain('使用 96,000.00 元 / 计提 120,000.00 元');
    expect(ind.textContent).toContain('按期整改 20 项');
    expect(ind.textContent).toContain('办理 4 件，按期答复 3 件，超期 1 件');
    const q = calls.find((c) => c.path === '/api/apEval/indicators')!.query;
    expect([q.get('insurerId'), q.get('year')]).toEqual(['3', '2025']);
  });

  it('新增评估 refuses a form without its report and required fields; choosing the insurer shows its indicators beside', async () => {
    asGov();
    const calls = fakeApi({
      'POST /api/apEval/list': () => page([]),
      'POST /api/apEval/insurers': () => [{ orgId: 3, name: '人保财险宿迁分公司' }],
      'POST /api/apEval/indicators': () => indicators(),
    });
    renderWithApp(<GovApEval />, { actions: ['query', 'get', 'edit'] });
    fireEvent.click(await screen.findByRole('button', { name: /新增评估/ }));
    const form = await screen.findByTestId('ap-eval-form');
    expect(screen.getByText('选择评估对象和年度后显示平台数据指标')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect([...form.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent)).toEqual([
        '请选择评估对象',
        '请选择评估时间',
        '项目名称至少2个字',
        '委托单位至少2个字',
        '实施单位至少2个字',
        '请选择评估结果',
        '请上传评估报告',
      ]),
    );
    expect(calls.some((c) => c.path === '/api/apEval/add')).toBe(false);
    fireEvent.mouseDown(within(form).getByLabelText('评估对象'));
    fireEvent.click(await screen.findByTitle('人保财险宿迁分公司'));
    expect((await screen.findByTestId('eval-indicators')).textContent).toContain('评价 30 条');
  });

  it('a report over 10 MB is refused', () => {
    expect(reportProblem({ name: '报告.pdf', size: 11 * 1024 * 1024 })).toBe(
      '报告.pdf：评估报告不能超过10MB',
    );
    expect(reportProblem({ name: '报告.pdf', size: 9 * 1024 * 1024 })).toBeNull();
    expect(reportProblem({ name: '报告.exe', size: 1024 })).toContain('附件只支持');
  });
});

describe('InsuranceApEval (the insurer’s results)', () => {
  it('lists its evaluations read-only', async () => {
    signInAs(testUser({ roleKey: 'ROLE_INSURANCE', orgId: 3, permissions: { ap: ['query', 'get'] } }));
    fakeApi({
      'POST /api/apEval/list': () => page([evalRow()]),
      'POST /api/apEval/indicators': () => indicators(),
    });
    renderWithApp(<InsuranceApEval />, { actions: ['query', 'get'] });
    await screen.findByText('2025年度事故预防服务评估');
    expect(screen.getByTestId('eval-result').textContent).toBe('良好');
    expect(screen.getByText('本机构服务评估结果')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /新增评估/ })).toBeNull();
    expect(screen.queryByText('编辑')).toBeNull();
  });
});

describe('PendingRatings (待评价, enterprise)', () => {
  it('lists the policies and records not rated yet and sends a rating', async () => {
    signInAs(testUser({ roleKey: 'ROLE_ENT', orgId: 11, permissions: { enterprise: ['query'] } }));
    const calls = fakeApi({
      'POST /api/evaluation/pending': () => [
        {
          item: 'policy',
          itemLabel: '投保满意度',
          targetId: 12,
          label: '保单 PICC2026000012',
          insurerName: '人保财险宿迁分公司',
          date: '2026-03-01',
        },
        {
          item: 'record',
          itemLabel: '企业配合度',
          targetId: 31,
          label: '事故预防服务 三月隐患排查 2026-03-05',
          insurerName: '人保财险宿迁分公司',
          date: '2026-03-06',
        },
      ],
      'POST /api/evaluation/answer': () => ({ id: 1 }),
    });
    renderWithApp(<PendingRatings />);
    const card = await screen.findByTestId('pending-ratings');
    expect(within(card).getByText('待评价（2）')).toBeTruthy();
    expect(within(card).getByText('保单 PICC2026000012')).toBeTruthy();
    fireEvent.click(within(card).getAllByRole('button', { name: /评\s*价/ })[0]!);
    const modal = await screen.findByRole('dialog');
    fireEvent.click(within(modal).getByRole('button', { name: '提交评价' }));
    expect(await within(modal).findByText('请选择评分')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/evaluation/answer')).toBe(false);
    fireEvent.click(modal.querySelectorAll('.ant-rate-star div[role="radio"]')[3]!);
    fireEvent.change(within(modal).getByLabelText('意见或建议（选填）'), { target: { value: '出单很快' } });
    fireEvent.click(within(modal).getByRole('button', { name: '提交评价' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/evaluation/answer')).toBe(true));
    expect(calls.find((c) => c.path === '/api/evaluation/answer')!.body).toEqual({
      item: 'policy',
      targetId: 12,
      score: 4,
      comment: '出单很快',
    });
  });

  it('shows nothing when nothing waits for a rating', async () => {
    const calls = fakeApi({ 'POST /api/evaluation/pending': () => [] });
    const { container } = renderWithApp(<PendingRatings />);
    await waitFor(() => expect(calls).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(container.querySelector('[data-testid="pending-ratings"]')).toBeNull();
  });
});

describe('RateButton (评价 on the policy and service pages)', () => {
  const pending = () => [
    {
      item: 'record',
      itemLabel: '企业配合度',
      targetId: 31,
      label: '事故预防服务 三月隐患排查 2026-03-05',
      insurerName: '人保财险宿迁分公司',
      date: '2026-03-06',
    },
  ];

  it('offers the rating of its own record while it waits, and sends it', async () => {
    signInAs(testUser({ roleKey: 'ROLE_ENT', orgId: 11 }));
    const calls = fakeApi({
      'POST /api/evaluation/pending': pending,
      'POST /api/evaluation/answer': () => ({ id: 2 }),
    });
    renderWithApp(<RateButton item="record" targetId={31} />);
    fireEvent.click(await screen.findByRole('button', { name: '评价企业配合度' }));
    const modal = await screen.findByRole('dialog');
    expect(modal.textContent).toContain('事故预防服务 三月隐患排查 2026-03-05');
    fireEvent.click(modal.querySelectorAll('.ant-rate-star div[role="radio"]')[4]!);
    fireEvent.click(within(modal).getByRole('button', { name: '提交评价' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/evaluation/answer')).toBe(true));
    expect(calls.find((c) => c.path === '/api/evaluation/answer')!.body).toEqual({
      item: 'record',
      targetId: 31,
      score: 5,
      comment: '',
    });
  });

  it('shows nothing for another record, or for a policy with the same id', async () => {
    signInAs(testUser({ roleKey: 'ROLE_ENT', orgId: 11 }));
    const calls = fakeApi({ 'POST /api/evaluation/pending': pending });
    const { container } = renderWithApp(
      <>
        <RateButton item="record" targetId={32} />
        <RateButton item="policy" targetId={31} />
      </>,
    );
    await waitFor(() => expect(calls.length).toBeGreaterThan(0));
    await new Promise((r) => setTimeout(r, 50));
    expect(container.querySelector('[data-testid="rate-button"]')).toBeNull();
  });
});
