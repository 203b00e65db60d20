import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FileMapItem, RequestContext, type UploadFn } from '../../components/index.ts';
import { fakeApi } from '../../test/fake-api.tsx';
import { renderWithApp } from '../../test/render.tsx';
import { signInAs, testUser } from '../../test/user.ts';
import {
  EntDangerCheck,
  ExpertApDispose,
  ExpertDangerCheck,
  GovApDispose,
  GovRiskDispose,
  InsuranceDangerCheck,
  ServiceApDispose,
  ServiceDangerCheck,
} from './HazardScreens.tsx';
import { hazardDetail, hazardItem, page, rejectedRectification, stats } from './test-fixtures.ts';

afterEach(() => vi.unstubAllGlobals());

const EDIT = ['add', 'edit', 'query', 'get'];
const photo = () =>
  new Response(new Blob(['x'], { type: 'image/png' }), { headers: { 'Content-Type': 'image/png' } });
const statsRoute = { 'GET /api/hazard/stats': () => stats(), 'GET /api/hazard/file': photo };

const dialog = async (testId: string) =>
  (await screen.findByTestId(testId)).closest('.ant-modal') as HTMLElement;
const field = (scope: HTMLElement, label: string) => within(scope).getByLabelText(label);

describe('EntDangerCheck (enterprise 隐患排查治理)', () => {
  it('lists its hazards with level, spec 4 status, overdue flag and the statistics; the tabs filter', async () => {
    signInAs(testUser({ roleKey: 'ROLE_ENT', permissions: { risk: EDIT } }));
    const calls = fakeApi({ ...statsRoute, 'POST /api/hazard/list': () => page([hazardItem()]) });
    renderWithApp(<EntDangerCheck />, { actions: EDIT });
    await screen.findByText('配电箱未可靠接地');
    expect(screen.getByTestId('hazard-level').textContent).toBe('重大隐患');
    expect(screen.getByTestId('rectify-status').textContent).toBe('待整改');
    expect(screen.getByTestId('overdue').textContent).toBe('逾期8天');
    expect(screen.getByText('部位：二号车间')).toBeTruthy();
    expect(screen.getByTestId('stat-major').textContent).toContain('1/3');
    expect(screen.getByTestId('stat-rate').textContent).toContain('58.3%');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      '待整改',
      '待我验收',
      '企业自查',
      '全部隐患',
    ]);
    // The first tab asks for the open hazards only.
    expect(calls.find((c) => c.path === '/api/hazard/list')?.query.get('open')).toBe('true');
    expect(screen.getByRole('button', { name: /登记自查隐患/ })).toBeTruthy();
  });

  it('opens a rejected major hazard: reason, timeline, plan warning; resubmits with a photo', async () => {
    signInAs(testUser({ roleKey: 'ROLE_ENT', permissions: { risk: EDIT } }));
    const detail = hazardDetail({
      rectifyStatus: 2,
      rectifyStatusLabel: '已驳回',
      rejectCount: 1,
      rectifications: [rejectedRectification],
      actions: { rectify: true, review: false, governancePlan: true, handle: false },
    });
    const calls = fakeApi({
      ...statsRoute,
      'POST /api/hazard/list': () =>
        page([hazardItem({ rectifyStatus: 2, rectifyStatusLabel: '已驳回', rejectCount: 1 })]),
      'POST /api/hazard/detail': () => detail,
      'POST /api/hazard/rectify': () => ({ id: 701, version: 4 }),
    });
    const upload = vi.fn<UploadFn>(
      async (f): Promise<FileMapItem> => ({
        fileName: f.name,
        fileUrl: '/api/file/0f0e0d0c-0b0a-4000-8000-0000000000aa',
        fileSize: 1,
      }),
    );
    renderWithApp(
      <RequestContext.Provider value={{ request: vi.fn(), getToken: () => 't', upload }}>
        <EntDangerCheck />
      </RequestContext.Provider>,
      { path: '/x?id=701', actions: EDIT },
    );
    const drawer = await screen.findByTestId('hazard-drawer');
    await within(drawer).findByText('接地电阻未检测，缺少检测报告');
    expect(within(drawer).getByText('重大隐患尚未制定治理方案（复查通过前必须提交）')).toBeTruthy();
    expect(within(drawer).getByTestId('hazard-timeline').textContent).toContain('重大隐患报告监管部门');
    expect(within(drawer).getByText('第1次整改')).toBeTruthy();
    expect(screen.getByRole('button', { name: '制定治理方案' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '重新提交整改' }));
    const form = await dialog('rectify-form');
    expect(form.textContent).toContain('上次驳回原因：接地电阻未检测，缺少检测报告');
    fireEvent.change(field(form, '整改负责人'), { target: { value: '张工' } });
    fireEvent.change(field(form, '整改情况说明'), { target: { value: '补做接地电阻检测，附检测报告' } });
    // Without a photo the form says what is missing and sends nothing.
    fireEvent.click(within(form).getByRole('button', { name: /提交整改/ }));
    expect(await within(form).findByText('请上传至少1张整改照片')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/hazard/rectify')).toBe(false);
    const input = form.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], '整改.png', { type: 'image/png' })] } });
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(1));
    fireEvent.click(within(form).getByRole('button', { name: /提交整改/ }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/hazard/rectify')).toBe(true));
    expect(calls.find((c) => c.path === '/api/hazard/rectify')?.body).toMatchObject({
      id: 701,
      version: 3,
      dept: '设备部',
      person: '张工',
      description: '补做接地电阻检测，附检测报告',
      photos: ['0f0e0d0c-0b0a-4000-8000-0000000000aa'],
    });
  });

  it('saves the seven parts of the governance plan', async () => {
    signInAs(testUser({ roleKey: 'ROLE_ENT', permissions: { risk: EDIT } }));
    const calls = fakeApi({
      ...statsRoute,
      'POST /api/hazard/list': () => page([hazardItem()]),
      'POST /api/hazard/detail': () =>
        hazardDetail({ actions: { rectify: true, review: false, governancePlan: true, handle: false } }),
      'POST /api/hazard/governance-plan': () => ({ id: 701, version: 4 }),
    });
    renderWithApp(<EntDangerCheck />, { path: '/x?id=701', actions: EDIT });
    fireEvent.click(await screen.findByRole('button', { name: '制定治理方案' }));
    const form = await dialog('governance-form');
    const parts = [
      '治理的目标和任务',
      '采取的方法和措施',
      '经费和物资的落实',
      '负责治理的机构和人员',
      '治理的时限和要求',
      '安全措施',
      '应急预案',
    ];
    for (const p of parts) fireEvent.change(field(form, p), { target: { value: `${p}内容` } });
    fireEvent.change(field(form, '治理负责人'), { target: { value: '李厂长' } });
    fireEvent.click(within(form).getByRole('button', { name: /保存治理方案/ }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/hazard/governance-plan')).toBe(true));
    expect(calls.find((c) => c.path === '/api/hazard/governance-plan')?.body).toMatchObject({
      id: 701,
      version: 3,
      objectives: '治理的目标和任务内容',
      contingency: '应急预案内容',
      principal: '李厂长',
      plannedDate: '2026-11-20',
    });
  });
});

describe('ServiceApDispose (rectification reviews)', () => {
  it('lists the reviews waiting and rejects one with its reason', async () => {
    signInAs(testUser({ roleKey: 'ROLE_SERVICE', nickname: '王建安', permissions: { risk: EDIT } }));
    const waiting = hazardItem({
      rectifyStatus: 0,
      rectifyStatusLabel: '待审核',
      overdue: false,
      overdueDays: 0,
    });
    const calls = fakeApi({
      ...statsRoute,
      'POST /api/hazard/list': () => page([waiting]),
      'POST /api/hazard/detail': () =>
        hazardDetail({
          rectifyStatus: 0,
          rectifyStatusLabel: '待审核',
          rectifications: [{ ...rejectedRectification, result: null, rejectReason: '', reviewedAt: null }],
          actions: { rectify: false, review: true, governancePlan: false, handle: false },
        }),
      'POST /api/hazard/review': () => ({ id: 701, version: 4 }),
    });
    renderWithApp(<ServiceApDispose />, { actions: EDIT });
    await screen.findByText('配电箱未可靠接地');
    expect(calls.find((c) => c.path === '/api/hazard/list')?.query.get('toReview')).toBe('true');
    expect(screen.getByTestId('rectify-status').textContent).toBe('待审核');
    expect(screen.queryByTestId('overdue')).toBeNull();
    fireEvent.click(screen.getByTestId('hazard-701'));
    fireEvent.click(await screen.findByRole('button', { name: '复查整改' }));
    const form = await dialog('review-form');
    // The plan of the major hazard is missing: passing is not offered.
    expect(form.textContent).toContain('该重大隐患尚未提交治理方案，不能复查通过');
    expect((within(form).getByRole('radio', { name: '通过' }) as HTMLInputElement).disabled).toBe(true);
    expect((field(form, '复查人') as HTMLInputElement).value).toBe('王建安');
    fireEvent.click(within(form).getByRole('button', { name: /驳回整改/ }));
    expect(await within(form).findByText('请填写驳回原因')).toBeTruthy();
    fireEvent.change(field(form, '驳回原因'), { target: { value: '缺少治理方案和检测报告' } });
    fireEvent.click(within(form).getByRole('button', { name: /驳回整改/ }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/hazard/review')).toBe(true));
    expect(calls.find((c) => c.path === '/api/hazard/review')?.body).toMatchObject({
      id: 701,
      version: 3,
      result: 'reject',
      reviewer: '王建安',
      reason: '缺少治理方案和检测报告',
    });
  });
});

describe('GovApDispose (regulator 隐患处置)', () => {
  it('shows why each hazard needs the regulator and records a penalty with its amount', async () => {
    signInAs(testUser({ roleKey: 'ROLE_GOVERNMENT', permissions: { ap: EDIT, risk: EDIT } }));
    const calls = fakeApi({
      ...statsRoute,
      'POST /api/hazard/dispose-list': () => page([hazardItem()]),
      'POST /api/hazard/detail': () =>
        hazardDetail({ actions: { rectify: false, review: false, governancePlan: false, handle: true } }),
      'POST /api/hazard/handle': () => ({ id: 701, version: 4 }),
    });
    renderWithApp(<GovApDispose />, { actions: ['query', 'get', 'edit'] });
    await screen.findByText('配电箱未可靠接地');
    expect(calls.find((c) => c.path === '/api/hazard/dispose-list')?.query.get('source')).toBe('1');
    const row = screen.getByText('配电箱未可靠接地').closest('tr') as HTMLElement;
    expect(row.textContent).toContain('重大隐患');
    expect(row.textContent).toContain('逾期未整改');
    expect(row.textContent).toContain('宿城区');
    expect(row.textContent).toContain('未处置');
    fireEvent.click(within(row).getByText('查看'));
    fireEvent.click(await screen.findByRole('button', { name: '监管处置' }));
    const form = await dialog('handle-form');
    fireEvent.click(within(form).getByRole('radio', { name: '行政处罚' }));
    fireEvent.change(field(form, '处置说明'), { target: { value: '逾期未整改重大隐患，依法处罚' } });
    fireEvent.click(within(form).getByRole('button', { name: /保存处置/ }));
    expect(await within(form).findByText('行政处罚须填写处罚金额')).toBeTruthy();
    fireEvent.change(field(form, '处罚金额（元）'), { target: { value: '20000' } });
    fireEvent.click(within(form).getByRole('button', { name: /保存处置/ }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/hazard/handle')).toBe(true));
    expect(calls.find((c) => c.path === '/api/hazard/handle')?.body).toMatchObject({
      id: 701,
      version: 3,
      kind: 'penalty',
      penaltyAmount: 20000,
      description: '逾期未整改重大隐患，依法处罚',
    });
  });
});

describe('InsuranceDangerCheck (insurer 隐患排查)', () => {
  it('registers a hazard at an insured enterprise with its deadline', async () => {
    signInAs(testUser({ roleKey: 'ROLE_INSURANCE', nickname: '赵核保', permissions: { risk: EDIT } }));
    const calls = fakeApi({
      ...statsRoute,
      'POST /api/hazard/list': () => page([hazardItem({ source: 2, sourceLabel: '保险机构排查' })]),
      'POST /api/policy/enterpriseOptions': () => [
        { id: 11, name: '宿迁市恒安化工有限公司', uscc: '91321302MA1XXXXX0A' },
      ],
      'POST /api/hazard/insurer-check': () => ({ id: 702 }),
      'POST /api/hazard/detail': () => hazardDetail({ id: 702 }),
    });
    renderWithApp(<InsuranceDangerCheck />, { actions: EDIT });
    await screen.findByText('配电箱未可靠接地');
    expect(screen.getByText('保险机构排查')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /登记隐患/ }));
    const form = await dialog('register-form');
    fireEvent.mouseDown(within(form).getByLabelText('被检查企业'));
    fireEvent.click(await screen.findByText('宿迁市恒安化工有限公司（91321302MA1XXXXX0A）'));
    fireEvent.change(field(form, '隐患描述'), { target: { value: '消防通道堆放杂物' } });
    fireEvent.click(within(form).getByRole('button', { name: /登\s*记/ }));
    expect(await within(form).findByText('请填写限时整改日期（立即整改的隐患可不填）')).toBeTruthy();
    fireEvent.change(field(form, '限时整改日期'), { target: { value: '2099-12-31' } });
    fireEvent.click(within(form).getByRole('button', { name: /登\s*记/ }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/hazard/insurer-check')).toBe(true));
    const sent = calls.find((c) => c.path === '/api/hazard/insurer-check');
    expect(sent?.body).toMatchObject({
      enterpriseId: 11,
      description: '消防通道堆放杂物',
      level: 1,
      foundBy: '赵核保',
      deadline: '2099-12-31',
      fixImmediately: false,
    });
  });
});

describe('the other hazard lists: their tabs and what each asks first', () => {
  const cases = [
    {
      name: 'GovRiskDispose',
      ui: <GovRiskDispose />,
      roleKey: 'ROLE_GOVERNMENT',
      path: '/api/hazard/dispose-list',
      tabs: ['需监管处置', '重大隐患', '逾期未整改', '全部隐患'],
      first: { source: null },
    },
    {
      name: 'ServiceDangerCheck',
      ui: <ServiceDangerCheck />,
      roleKey: 'ROLE_SERVICE',
      path: '/api/hazard/list',
      tabs: ['待复查', '未完成整改', '全部隐患'],
      first: { toReview: 'true' },
    },
    {
      name: 'ExpertDangerCheck',
      ui: <ExpertDangerCheck />,
      roleKey: 'ROLE_EXPERT',
      path: '/api/hazard/list',
      tabs: ['待复查', '未完成整改', '全部隐患'],
      first: { toReview: 'true' },
    },
    {
      name: 'ExpertApDispose',
      ui: <ExpertApDispose />,
      roleKey: 'ROLE_EXPERT',
      path: '/api/hazard/list',
      tabs: ['待复查', '已驳回', '已完成'],
      first: { toReview: 'true' },
    },
  ];
  for (const c of cases)
    it(`${c.name}: tabs ${c.tabs.join('/')}, rows with level and status`, async () => {
      signInAs(testUser({ roleKey: c.roleKey, permissions: { risk: EDIT } }));
      const calls = fakeApi({ ...statsRoute, [`POST ${c.path}`]: () => page([hazardItem()]) });
      renderWithApp(c.ui, { actions: EDIT });
      await screen.findByText('配电箱未可靠接地');
      expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(c.tabs);
      expect(screen.getByTestId('hazard-level').textContent).toBe('重大隐患');
      expect(screen.getByTestId('rectify-status').textContent).toBe('待整改');
      expect(screen.getByTestId('overdue').textContent).toBe('逾期8天');
      const first = calls.find((x) => x.path === c.path);
      for (const [k, v] of Object.entries(c.first)) expect(first?.query.get(k)).toBe(v);
    });
});
