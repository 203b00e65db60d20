import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiStub, ok } from '../../test/api-stub.tsx';
import { renderWithApp } from '../../test/render.tsx';
import { RecoverPage } from './RecoverPage.tsx';
import { RegisterPage } from './RegisterPage.tsx';

afterEach(() => vi.unstubAllGlobals());

const fail = (status: number, result: string) =>
  new Response(JSON.stringify({ error: status, apiError: status, result, code: 'BAD_REQUEST' }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

function stub(extra: Record<string, (q: URLSearchParams, body: unknown) => Response> = {}) {
  const api = apiStub({
    '/api/signup/sendCode.json': () => ok(undefined, '验证码已发送，5分钟内有效'),
    '/api/signup/verifyMobile.json': (q) =>
      q.get('code') === '123456'
        ? ok({ mobileTicket: 'ticket-1' })
        : fail(400, '验证码错误或已失效，请重新获取'),
    '/api/signUp/validUserName.json': (q) => ok({ available: q.get('userName') !== 'taken' }),
    '/api/signUp/orgOptions.json': (q) =>
      ok(
        q.get('type') === 'government'
          ? [{ id: 7, name: '宿迁市应急管理局', orgType: 'government' }]
          : q.get('type') === 'insurer'
            ? [{ id: 8, name: '人保财险宿迁分公司', orgType: 'insurer' }]
            : [{ id: 9, name: '宿迁市安全生产专家委员会', orgType: 'expert' }],
      ),
    '/api/signUp/createUser.json': () => ok({ id: 1 }, '注册申请已提交，请等待运营中心审核'),
    '/api/signUp/createUserManager.json': () => ok({ id: 2 }, '注册申请已提交，请等待运营中心审核'),
    '/api/signUp/uploadScan.json': () =>
      ok({ fileId: '00000000-0000-4000-8000-000000000001', fileName: '资质.png' }),
    ...extra,
  });
  vi.stubGlobal('fetch', api.fetchMock);
  return api;
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

async function pick(label: string, option: string) {
  fireEvent.mouseDown(field(label));
  const found = await screen.findAllByTitle(option);
  fireEvent.click(found[found.length - 1]!);
}

async function verifyMobile(mobile = '13912345678') {
  type('手机号', mobile);
  fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
  expect(await screen.findByText('验证码已发送，5分钟内有效')).toBeTruthy();
  type('短信验证码', '123456');
  fireEvent.click(screen.getByRole('button', { name: '验证手机号' }));
  expect(await screen.findByText('手机号已验证')).toBeTruthy();
}

function fillAccount(username = 'new_user') {
  type('用户名', username);
  fireEvent.blur(field('用户名'));
  type('密码', 'Reg#2026safe');
  type('确认密码', 'Reg#2026safe');
}

describe('enterprise registration (portalReg)', () => {
  it('cannot be sent before the mobile is verified; sends the form with the ticket and shows 待审核', async () => {
    const api = stub();
    renderWithApp(<RegisterPage kind="enterprise" />);
    expect(await screen.findByText('企业注册')).toBeTruthy();
    const submit = screen.getByRole('button', { name: '提交注册' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    expect(screen.getByText('请先完成手机号验证')).toBeTruthy();

    type('企业名称', '宿迁市测试新材料有限公司');
    type('统一社会信用代码', '91321302MA1XK2P3QX');
    fireEvent.blur(field('统一社会信用代码'));
    await pick('所属区县', '宿城区');
    type('联系人', '张经理');
    await verifyMobile();
    fillAccount();
    expect((screen.getByRole('button', { name: /提交注册/ }) as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: /提交注册/ }));
    expect(await screen.findByText('统一社会信用代码格式或校验位不正确，请核对18位代码')).toBeTruthy();
    expect(api.callsTo('/api/signUp/createUser.json')).toHaveLength(0);

    type('统一社会信用代码', '91321302MA1XK2P3QE');
    fireEvent.click(screen.getByRole('button', { name: /提交注册/ }));
    expect(await screen.findByText('注册申请已提交，请等待运营中心审核', {}, { timeout: 5000 })).toBeTruthy();
    const body = api.callsTo('/api/signUp/createUser.json')[0]!.body;
    expect(body).toEqual({
      kind: 'enterprise',
      name: '宿迁市测试新材料有限公司',
      uscc: '91321302MA1XK2P3QE',
      districtCode: '321302',
      contactName: '张经理',
      username: 'new_user',
      password: 'Reg#2026safe',
      mobile: '13912345678',
      mobileTicket: 'ticket-1',
    });
    expect(screen.getByRole('button', { name: '返回登录' })).toBeTruthy();
  });

  it('a wrong code keeps the form closed; a taken username is named at once', async () => {
    stub();
    renderWithApp(<RegisterPage kind="enterprise" />);
    await screen.findByText('企业注册');
    type('手机号', '13912345678');
    type('短信验证码', '000000');
    fireEvent.click(screen.getByRole('button', { name: '验证手机号' }));
    await waitFor(() => expect(screen.queryByText('手机号已验证')).toBeNull());
    expect((screen.getByRole('button', { name: /提交注册/ }) as HTMLButtonElement).disabled).toBe(true);
    type('用户名', 'taken');
    fireEvent.blur(field('用户名'));
    expect(await screen.findByText('该用户名已被使用，请换一个')).toBeTruthy();
  });
});

describe('service organisation registration (serviceReg)', () => {
  it('uploads the scan once verified and sends qualification, scope, staff and region', async () => {
    const api = stub();
    renderWithApp(<RegisterPage kind="service" />);
    expect(await screen.findByText('服务机构注册')).toBeTruthy();
    expect(screen.getByText('请先完成手机号验证再上传')).toBeTruthy();
    type('机构名称', '宿迁市安评技术咨询有限公司');
    type('统一社会信用代码', '91321302MA1XK2P3QE');
    await pick('所属区县', '宿豫区');
    type('联系人', '顾安评');
    type('资质证书编号', 'APJ-SQ-2026-1');
    fireEvent.mouseDown(field('资质有效期至'));
    type('资质有效期至', '2029-12-31');
    fireEvent.keyDown(field('资质有效期至'), { key: 'Enter', code: 'Enter' });
    fireEvent.click(screen.getByLabelText('02 安全风险辨识、评估和安全评价'));
    fireEvent.click(screen.getByLabelText('03 生产安全事故隐患排查'));
    // Item 07 asks what it covers (the pool's profile needs it).
    expect(screen.queryByLabelText('其他事故预防工作内容')).toBeNull();
    fireEvent.click(screen.getByLabelText('07 其他有关事故预防工作'));
    type('其他事故预防工作内容', '应急演练评估');
    type('从业人员数', '20');
    await pick('服务区域', '宿豫区');
    await verifyMobile('13912345679');
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['png'], '资质.png', { type: 'image/png' })] } });
    expect(await screen.findByText('已上传：资质.png')).toBeTruthy();
    expect(api.callsTo('/api/signUp/uploadScan.json')[0]!.query.get('mobileTicket')).toBe('ticket-1');
    fillAccount('new_svc');
    fireEvent.click(screen.getByRole('button', { name: /提交注册/ }));
    await waitFor(() => expect(api.callsTo('/api/signUp/createUser.json')).toHaveLength(1), {
      timeout: 5000,
    });
    expect(api.callsTo('/api/signUp/createUser.json')[0]!.body).toMatchObject({
      kind: 'service',
      certNo: 'APJ-SQ-2026-1',
      certExpiry: '2029-12-31',
      certFileId: '00000000-0000-4000-8000-000000000001',
      serviceItems: ['02', '03', '07'],
      itemOther: '应急演练评估',
      staffCount: 20,
      regionCodes: ['321311'],
    });
  });
});

describe('expert registration (expertReg)', () => {
  it('checks the ID number (GB 11643) before sending', async () => {
    const api = stub();
    renderWithApp(<RegisterPage kind="expert" />);
    expect(await screen.findByText('专家注册')).toBeTruthy();
    type('姓名', '赵专家');
    type('身份证号', '321302198501011230');
    fireEvent.blur(field('身份证号'));
    expect(await screen.findByText('身份证号码格式或校验位不正确，请核对18位号码')).toBeTruthy();
    expect(screen.getByText('不选择则加入宿迁市安全生产专家委员会')).toBeTruthy();
    await pick('职称', '高级工程师');
    await pick('擅长行业', '危险化学品');
    expect(api.callsTo('/api/signUp/createUser.json')).toHaveLength(0);
  });
});

describe('manager registration (regManager)', () => {
  it('chooses the organisation of the chosen kind and sends createUserManager', async () => {
    const api = stub();
    renderWithApp(<RegisterPage kind="manager" />);
    expect(await screen.findByText('监管/保险机构人员注册')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('保险机构'));
    await pick('所属机构', '人保财险宿迁分公司');
    type('姓名', '钱科员');
    type('职务', '承保部经理');
    await verifyMobile('13912345670');
    fillAccount('new_ins');
    fireEvent.click(screen.getByRole('button', { name: /提交注册/ }));
    await waitFor(() => expect(api.callsTo('/api/signUp/createUserManager.json')).toHaveLength(1), {
      timeout: 5000,
    });
    expect(api.callsTo('/api/signUp/createUserManager.json')[0]!.body).toMatchObject({
      kind: 'manager',
      targetOrgId: 8,
      name: '钱科员',
      position: '承保部经理',
      username: 'new_ins',
    });
  });
});

describe('password recovery (recover)', () => {
  it('asks for a code for the account, then resets with the new password in the body', async () => {
    const api = stub({
      '/api/findpwd/cellphoneCode.json': () =>
        ok(undefined, '如账号存在，验证码已发送至该账号绑定的手机，5分钟内有效'),
      '/api/findpwd/resetPwd.json': () => ok(undefined, '密码已重置，请使用新密码登录'),
    });
    renderWithApp(<RecoverPage />);
    expect(await screen.findByText('找回密码')).toBeTruthy();
    type('用户名或手机号', 'service');
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('如账号存在，验证码已发送至该账号绑定的手机，5分钟内有效')).toBeTruthy();
    expect(screen.getByRole('button', { name: /秒后重新获取/ })).toBeTruthy();
    type('短信验证码', '654321');
    type('新密码', 'short');
    type('确认新密码', 'short');
    fireEvent.click(screen.getByRole('button', { name: /重置密码/ }));
    expect(await screen.findByText('密码长度至少8位')).toBeTruthy();
    type('新密码', 'New#Pass2026');
    type('确认新密码', 'New#Pass2026');
    fireEvent.click(screen.getByRole('button', { name: /重置密码/ }));
    expect(await screen.findByText('密码已重置，请使用新密码登录', {}, { timeout: 5000 })).toBeTruthy();
    const call = api.callsTo('/api/findpwd/resetPwd.json')[0]!;
    expect(call.body).toEqual({ account: 'service', code: '654321', newPwd: 'New#Pass2026' });
    expect(call.query.toString()).toBe('');
  });
});
