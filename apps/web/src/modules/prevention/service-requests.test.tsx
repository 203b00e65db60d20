import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderScreen } from '../../test/fake-api.tsx';
import type { ServiceRequestRow } from './api-activity.ts';
import { projectDetail } from './core-test-fixtures.ts';
import { EntAPRequirement, InsuranceApRequirement } from './ServiceRequests.tsx';

afterEach(() => vi.unstubAllGlobals());

const req = (over: Partial<ServiceRequestRow> = {}): ServiceRequestRow => ({
  id: 3,
  requestNo: 'XQ20260401000003',
  enterpriseId: 21,
  enterpriseName: '宿迁化工有限公司',
  districtCode: '321302',
  districtName: '宿城区',
  policyId: 9,
  policyNo: 'PICC2026001',
  insurerId: 4,
  insurerName: '人保财险宿迁分公司',
  item: '03',
  itemLabel: '生产安全事故隐患排查',
  description: '请帮助排查储罐区隐患',
  wishedFrom: '2026-05-01',
  wishedTo: '2026-05-10',
  contactName: '王工',
  contactPhone: '13800000000',
  status: 'pending',
  statusLabel: '待处理',
  answerRemark: '',
  answeredAt: null,
  answeredByName: '',
  planId: null,
  projectId: null,
  scheduledAt: null,
  withdrawnAt: null,
  createdAt: '2026-04-01T02:00:00Z',
  version: 1,
  actions: { answer: false, withdraw: false, plan: false },
  ...over,
});
const page = (list: ServiceRequestRow[]) => ({ list, total: list.length, pageNum: 1, pageSize: 10 });

describe('InsuranceApRequirement (服务需求)', () => {
  it('declines a pending request only with a reason', async () => {
    const calls = fakeApi({
      'POST /api/serviceRequest/list': () =>
        page([req({ actions: { answer: true, withdraw: false, plan: false } })]),
      'POST /api/serviceRequest/answer': () => null,
    });
    renderScreen(<InsuranceApRequirement />, ['query', 'get', 'edit']);
    expect(await screen.findByText('宿迁化工有限公司')).toBeTruthy();
    expect(screen.getByText('2026-05-01 至 2026-05-10')).toBeTruthy();
    fireEvent.click(screen.getByText('拒绝'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '拒 绝' }));
    expect(await within(dialog).findByText('请填写拒绝原因')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('拒绝原因'), { target: { value: '本年度服务已排满' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '拒 绝' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/serviceRequest/answer')?.body).toEqual({
        id: 3,
        version: 1,
        accept: false,
        remark: '本年度服务已排满',
      }),
    );
  });

  it('accepts with an optional note', async () => {
    const calls = fakeApi({
      'POST /api/serviceRequest/list': () =>
        page([req({ actions: { answer: true, withdraw: false, plan: false } })]),
      'POST /api/serviceRequest/answer': () => null,
    });
    renderScreen(<InsuranceApRequirement />, ['query', 'get', 'edit']);
    fireEvent.click(await screen.findByText('受理'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('答复内容'), { target: { value: '5月5日上门' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '受 理' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/serviceRequest/answer')?.body).toEqual({
        id: 3,
        version: 1,
        accept: true,
        remark: '5月5日上门',
      }),
    );
  });

  it('hides the answer buttons without the edit action', async () => {
    fakeApi({
      'POST /api/serviceRequest/list': () =>
        page([req({ actions: { answer: true, withdraw: false, plan: false } })]),
    });
    renderScreen(<InsuranceApRequirement />, ['query']);
    expect(await screen.findByText('宿迁化工有限公司')).toBeTruthy();
    expect(screen.queryByText('受理')).toBeNull();
  });
});

describe('EntAPRequirement (服务需求)', () => {
  it('shows a declined request with its reason and withdraws a pending one', async () => {
    const calls = fakeApi({
      'POST /api/serviceRequest/list': () =>
        page([
          req({
            id: 2,
            requestNo: 'XQ20260301000002',
            status: 'declined',
            statusLabel: '已拒绝',
            answerRemark: '本年度服务已排满',
            answeredAt: '2026-03-02T02:00:00Z',
            answeredByName: '李保',
          }),
          req({ actions: { answer: false, withdraw: true, plan: false }, version: 2 }),
        ]),
      'POST /api/serviceRequest/withdraw': () => null,
    });
    renderScreen(<EntAPRequirement />, ['query', 'add', 'edit']);
    expect(await screen.findByText('拒绝原因：本年度服务已排满')).toBeTruthy();
    expect(screen.getByText('等待保险机构处理')).toBeTruthy();
    fireEvent.click(screen.getByText('撤回'));
    fireEvent.click(await screen.findByRole('button', { name: '撤 回' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/serviceRequest/withdraw')?.body).toEqual({
        id: 3,
        version: 2,
      }),
    );
  });

  it('asks for a service on a policy in force', async () => {
    const calls = fakeApi({
      'POST /api/serviceRequest/list': () => page([]),
      'POST /api/serviceRequest/policies': () => [
        {
          policyId: 9,
          policyNo: 'PICC2026001',
          insurerId: 4,
          insurerName: '人保财险宿迁分公司',
          startDate: '2026-01-01',
          endDate: '2026-12-31',
        },
      ],
      'POST /api/serviceRequest/add': () => ({ id: 5 }),
    });
    renderScreen(<EntAPRequirement />, ['query', 'add', 'edit']);
    fireEvent.click(await screen.findByRole('button', { name: /提出服务需求/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: '保单' }));
    fireEvent.click(await screen.findByText(/PICC2026001（人保财险宿迁分公司/));
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: '服务项目' }));
    fireEvent.click(await screen.findByText('03 生产安全事故隐患排查'));
    fireEvent.change(within(dialog).getByLabelText('需求描述'), {
      target: { value: '请帮助排查储罐区隐患' },
    });
    const from = within(dialog).getByLabelText('期望开始日期');
    fireEvent.mouseDown(from);
    fireEvent.change(from, { target: { value: '2099-05-01' } });
    fireEvent.keyDown(from, { key: 'Enter' });
    fireEvent.change(within(dialog).getByLabelText('联系人'), { target: { value: '王工' } });
    fireEvent.change(within(dialog).getByLabelText('联系电话'), { target: { value: '13800000000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '提 交' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/serviceRequest/add')).toBe(true));
    expect(calls.find((c) => c.path === '/api/serviceRequest/add')!.body).toEqual({
      policyId: 9,
      item: '03',
      description: '请帮助排查储罐区隐患',
      wishedFrom: '2099-05-01',
      contactName: '王工',
      contactPhone: '13800000000',
    });
  });
});

describe('a message link (?id=) shows the request it names', () => {
  it('asks the list for that request only, says so, and shows the whole list on 显示全部', async () => {
    const calls = fakeApi({
      'POST /api/serviceRequest/list': (c) =>
        page(c.query.get('id') === '3' ? [req()] : [req(), req({ id: 4, requestNo: 'XQ20260402000004' })]),
    });
    renderScreen(<EntAPRequirement />, ['query', 'get'], '/ent/EntAPRequirement/route?id=3');
    expect(await screen.findByText('XQ20260401000003')).toBeTruthy();
    expect(screen.getByText('仅显示消息所指的服务需求')).toBeTruthy();
    expect(screen.queryByText('XQ20260402000004')).toBeNull();
    expect(calls.filter((c) => c.path === '/api/serviceRequest/list').map((c) => c.query.get('id'))).toEqual([
      '3',
    ]);
    fireEvent.click(screen.getByText('显示全部'));
    expect(await screen.findByText('XQ20260402000004')).toBeTruthy();
    expect(screen.queryByText('仅显示消息所指的服务需求')).toBeNull();
  });
});

describe('an accepted request becomes a plan in one step', () => {
  it('制定计划 opens the plan form of the covering project, filled from the request, and sends its id', async () => {
    const accepted = req({
      status: 'accepted',
      statusLabel: '已受理',
      enterpriseId: 11,
      wishedFrom: '2099-05-01',
      projectId: 8,
      actions: { answer: false, withdraw: false, plan: true },
    });
    const calls = fakeApi({
      'POST /api/serviceRequest/list': () =>
        page([
          accepted,
          req({ id: 5, requestNo: 'XQ20260403000005', status: 'accepted', statusLabel: '已受理' }),
        ]),
      'POST /api/prevention/project/detail': () =>
        projectDetail({ id: 8, providers: [{ orgId: 21, orgType: 'service', name: '安泰安全技术服务' }] }),
      'POST /api/prevention/plan/add': () => ({ id: 77 }),
    });
    renderScreen(<InsuranceApRequirement />, ['query', 'get', 'edit']);
    expect(await screen.findByText('制定计划')).toBeTruthy();
    // The second accepted request's policy has no open project: no plan can be made from it yet.
    expect(screen.getByText('无可用项目')).toBeTruthy();
    fireEvent.click(screen.getByText('制定计划'));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/响应服务需求 XQ20260401000003/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('服务名称'), { target: { value: '储罐区隐患排查' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保 存' }));
    await waitFor(() => expect(calls.find((c) => c.path === '/api/prevention/plan/add')).toBeTruthy());
    const body = calls.find((c) => c.path === '/api/prevention/plan/add')?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      projectId: 8,
      enterpriseId: 11,
      item: '03',
      providerOrgId: 21,
      serviceRequestId: 3,
      description: '响应企业服务需求 XQ20260401000003：请帮助排查储罐区隐患',
    });
    expect(String(body.plannedStart)).toBe('2099-05-01T01:00:00.000Z');
  });
});
