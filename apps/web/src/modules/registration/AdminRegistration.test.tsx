import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiStub, ok } from '../../test/api-stub.tsx';
import { renderWithApp } from '../../test/render.tsx';
import { signInAs, testUser } from '../../test/user.ts';
import { AdminRegistration } from './AdminRegistration.tsx';
import { AdminSmsOutbox } from './AdminSmsOutbox.tsx';
import { RegStatusPage } from './RegStatusPage.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const row = {
  id: 3,
  kind: 'service',
  kindLabel: '服务机构',
  status: 1,
  statusLabel: '待审核',
  username: 'reg_service',
  name: '江苏中安安全评价咨询有限公司',
  mobile: '139****0102',
  uscc: '91321311MA4DEMX026',
  districtCode: '321311',
  targetOrgName: null,
  reason: '',
  submittedAt: '2026-11-27 10:00:00',
  submitCount: 1,
  reviewedAt: null,
  version: 1,
};
const detail = {
  ...row,
  targetOrgId: null,
  idNoMask: null,
  linkedOrgName: null,
  form: {
    contactName: '刘中安',
    certNo: 'APJ-（苏）-2026-018',
    certExpiry: '2029-06-30',
    serviceItems: ['02', '03'],
    itemOther: '',
    staffCount: 36,
    regionCodes: ['321311', '321302'],
  },
};

describe('注册审核 (AdminRegistration)', () => {
  it('lists applications with masked mobiles, opens one and approves it', async () => {
    const api = apiStub({
      '/api/registration/list': () => ok({ list: [row], total: 1, pageNum: 1, pageSize: 10 }),
      '/api/registration/detail': () => ok(detail),
      '/api/registration/review': () => ok({ id: 3, version: 2 }, '已审核通过，账号已开通'),
    });
    vi.stubGlobal('fetch', api.fetchMock);
    signInAs(testUser({ permissions: { registration: ['query', 'get', 'edit'] } }), { loaded: true });
    renderWithApp(<AdminRegistration />, { actions: ['query', 'get', 'edit'] });
    const name = await screen.findByText(row.name);
    const tr = name.closest('tr') as HTMLElement;
    for (const text of ['服务机构', '待审核', '139****0102', 'reg_service'])
      expect(within(tr).getByText(text)).toBeTruthy();
    fireEvent.click(within(tr).getByText('审核'));
    expect(await screen.findByText('APJ-（苏）-2026-018')).toBeTruthy();
    expect(screen.getByText('安全风险辨识、评估和安全评价、生产安全事故隐患排查')).toBeTruthy();
    expect(screen.getByText('宿豫区、宿城区')).toBeTruthy();
    // Item 07 not chosen: no empty 其他服务内容 row.
    expect(screen.queryByText('其他服务内容')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '审核通过' }));
    await waitFor(() => expect(api.callsTo('/api/registration/review')).toHaveLength(1));
    expect(api.callsTo('/api/registration/review')[0]!.body).toEqual({ id: 3, version: 1, approve: true });
    expect(await screen.findByText('已审核通过，账号已开通')).toBeTruthy();
  });

  it('returns an application only with a reason', async () => {
    const api = apiStub({
      '/api/registration/list': () => ok({ list: [row], total: 1, pageNum: 1, pageSize: 10 }),
      '/api/registration/detail': () => ok(detail),
      '/api/registration/review': () => ok({ id: 3, version: 2 }, '已退回申请'),
    });
    vi.stubGlobal('fetch', api.fetchMock);
    signInAs(testUser({ permissions: { registration: ['query', 'get', 'edit'] } }), { loaded: true });
    renderWithApp(<AdminRegistration />, { actions: ['query', 'get', 'edit'], path: '/?id=3' });
    fireEvent.click(await screen.findByRole('button', { name: '退 回' }));
    const dialog = (await screen.findByText('退回注册申请')).closest('.ant-modal') as HTMLElement;
    const confirm = within(dialog).getByRole('button', { name: '退 回' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('退回原因'), { target: { value: '资质证书已过期' } });
    fireEvent.click(confirm);
    await waitFor(() => expect(api.callsTo('/api/registration/review')).toHaveLength(1));
    expect(api.callsTo('/api/registration/review')[0]!.body).toEqual({
      id: 3,
      version: 1,
      approve: false,
      reason: '资质证书已过期',
    });
  });
});

describe('短信发件箱 (AdminSmsOutbox)', () => {
  it('shows the development texts with their purpose', async () => {
    vi.stubGlobal(
      'fetch',
      apiStub({
        '/api/sms/outbox': () =>
          ok({
            list: [
              {
                id: 1,
                mobile: '139****5678',
                purpose: 'signup',
                content: '【宿迁安责险】您正在注册，验证码为123456，5分钟内有效。',
                createdAt: '2026-11-28 10:00:00',
              },
            ],
            total: 1,
            pageNum: 1,
            pageSize: 10,
          }),
      }).fetchMock,
    );
    signInAs(testUser({ permissions: { smsOutbox: ['query'] } }), { loaded: true });
    renderWithApp(<AdminSmsOutbox />, { actions: ['query'] });
    expect(await screen.findByText('【宿迁安责险】您正在注册，验证码为123456，5分钟内有效。')).toBeTruthy();
    expect(screen.getByText('注册')).toBeTruthy();
    expect(screen.getByText('139****5678')).toBeTruthy();
    expect(screen.getByText(/开发用短信通道/)).toBeTruthy();
  });
});

describe('注册申请 status page', () => {
  it('without a sign-in asks the applicant to sign in', async () => {
    vi.stubGlobal('fetch', apiStub({}).fetchMock);
    renderWithApp(<RegStatusPage />);
    expect(await screen.findByText('请登录查看注册申请')).toBeTruthy();
  });

  it('a returned application shows the reason and resubmits the corrected form', async () => {
    const api = apiStub({
      '/api/signUp/myApplication.json': () =>
        ok({
          ...detail,
          status: 2,
          statusLabel: '已退回',
          reason: '资质证书有效期已过',
          form: { ...detail.form, certFileId: '00000000-0000-4000-8000-000000000001' },
        }),
      '/api/signUp/resubmit.json': () => ok({ id: 3 }, '修改后的注册申请已重新提交，请等待审核'),
    });
    vi.stubGlobal('fetch', api.fetchMock);
    sessionStorage.setItem('aqzrx-reg-token', 'app-token');
    renderWithApp(<RegStatusPage />);
    expect(await screen.findByText('退回原因：资质证书有效期已过')).toBeTruthy();
    expect(screen.getByText('已退回')).toBeTruthy();
    expect((screen.getByLabelText('资质证书编号') as HTMLInputElement).value).toBe('APJ-（苏）-2026-018');
    fireEvent.change(screen.getByLabelText('资质证书编号'), { target: { value: 'APJ-（苏）-2026-019' } });
    fireEvent.click(screen.getByRole('button', { name: '重新提交' }));
    await waitFor(() => expect(api.callsTo('/api/signUp/resubmit.json')).toHaveLength(1), { timeout: 5000 });
    const call = api.fetchMock.mock.calls.find(([u]) => String(u).includes('resubmit'))!;
    expect(new Headers(call[1]?.headers).get('X-REG-TOKEN')).toBe('app-token');
    expect(api.callsTo('/api/signUp/resubmit.json')[0]!.body).toMatchObject({
      kind: 'service',
      certNo: 'APJ-（苏）-2026-019',
      certExpiry: '2029-06-30',
      certFileId: '00000000-0000-4000-8000-000000000001',
    });
  });
});
