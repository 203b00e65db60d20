import type { SettingsView } from '@aqzrx/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { insuranceSettingProblem, securitySettingProblem } from '../../platform/contracts.ts';
import { fakeApi, renderScreen } from '../../test/fake-api.tsx';
import { signInAs, testUser } from '../../test/user.ts';
import { AdminInsuranceSetting } from './AdminInsuranceSetting.tsx';
import { AdminSetting } from './AdminSetting.tsx';
import { complaintSettingProblem } from './ComplaintSettingsCard.tsx';
import { GovSetting } from './GovSetting.tsx';
import { SecuritySetting } from './SecuritySetting.tsx';

afterEach(() => vi.unstubAllGlobals());

const stored: SettingsView = {
  platformName: '宿迁市安全生产责任保险监管服务平台',
  footer: {
    siteCode: '',
    icp: '苏ICP备1号',
    police: '',
    phone: '0527-1111',
    email: '',
    supportPhone: '',
    supportEmail: '',
    copyrightHolder: '宿迁市应急管理局',
  },
  footerLinks: [{ aid: 1, title: '关于我们' }],
  insurance: {
    minPerPersonLimit: 400000,
    preventionFeeCapPct: 21,
    reportDeadlineHours: 720,
    claimUnpaidFlagDays: 60,
  },
  complaint: { replyDays: 10, verifyDays: 30, maxExtensionDays: 30, warnDays: 2 },
  security: { idleTimeoutMinutes: 20, passwordMaxAgeDays: 90 },
  deployment: {
    captchaEnabled: true,
    tokenTtlHours: 168,
    lockThreshold: 5,
    lockMinutes: 30,
    accountLockThreshold: 50,
    mfaEnabled: true,
    securityDefaults: { idleTimeoutMinutes: 30, passwordMaxAgeDays: 90 },
  },
};

function settingsApi() {
  return fakeApi({
    'POST /api/setting/get': () => stored,
    'POST /api/setting/save': (c) => ({ saved: Object.keys(c.body as object), settings: stored }),
    'POST /api/setting/security/get': () => ({ security: stored.security, deployment: stored.deployment }),
    'POST /api/setting/security/save': (c) => ({
      security: { ...stored.security, ...(c.body as object) },
      deployment: stored.deployment,
    }),
    'GET /api/public/settings': () => ({}),
  });
}

describe('insurance settings', () => {
  it('validates like the server: the national floors and caps, integers, two decimals', () => {
    expect(insuranceSettingProblem('minPerPersonLimit', 399999)).toBe('每人责任限额不能低于国家标准40万元');
    expect(insuranceSettingProblem('minPerPersonLimit', 400000)).toBeNull();
    expect(insuranceSettingProblem('minPerPersonLimit', 450000.5)).toBe('每人责任限额须为整数（元）');
    expect(insuranceSettingProblem('preventionFeeCapPct', 21.01)).toBe('事故预防费用比例不能超过保费的21%');
    expect(insuranceSettingProblem('preventionFeeCapPct', 12.345)).toBe('事故预防费用比例最多两位小数');
    expect(insuranceSettingProblem('preventionFeeCapPct', 0)).toBeNull();
    expect(insuranceSettingProblem('reportDeadlineHours', 721)).toBe('报案时限为1-720小时');
    expect(insuranceSettingProblem('claimUnpaidFlagDays', 0)).toBe('未赔付提醒天数为1-365天');
    expect(insuranceSettingProblem('claimUnpaidFlagDays', undefined)).toBe('请输入未赔付提醒天数');
  });

  it('shows each figure with its label, unit and national figure, and refuses a limit under 400,000 yuan', async () => {
    const calls = settingsApi();
    renderScreen(<AdminInsuranceSetting />, ['query', 'edit']);
    const perPerson = await screen.findByLabelText('每人死亡伤残责任限额下限');
    await waitFor(() => expect((perPerson as HTMLInputElement).value).toBe('400,000'));
    expect(screen.getByText(/国家标准：不低于40万元/)).toBeTruthy();
    expect(screen.getByText('国家标准：不高于实际收取保费的21%')).toBeTruthy();
    expect(screen.getByText('小时')).toBeTruthy();

    fireEvent.change(perPerson, { target: { value: '300000' } });
    fireEvent.click(screen.getByRole('button', { name: '保存保险参数' }));
    expect(await screen.findByText('每人责任限额不能低于国家标准40万元')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/setting/save')).toBe(false);

    fireEvent.change(perPerson, { target: { value: '500000' } });
    fireEvent.change(screen.getByLabelText('报案时限'), { target: { value: '24' } });
    fireEvent.click(screen.getByRole('button', { name: '保存保险参数' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/setting/save')).toBe(true));
    expect(calls.find((c) => c.path === '/api/setting/save')!.body).toEqual({
      insurance: {
        minPerPersonLimit: 500000,
        preventionFeeCapPct: 21,
        reportDeadlineHours: 24,
        claimUnpaidFlagDays: 60,
      },
    });
    expect(await screen.findByText('设置已保存，下一次请求即生效')).toBeTruthy();
  });

  it('without the edit action the figures are read-only and there is no save button', async () => {
    settingsApi();
    renderScreen(<AdminInsuranceSetting />, ['query']);
    const perPerson = await screen.findByLabelText('每人死亡伤残责任限额下限');
    expect((perPerson as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: '保存保险参数' })).toBeNull();
  });

  it('a district-level regulator sees the city-wide figures read-only, with the reason', async () => {
    settingsApi();
    renderScreen(<GovSetting />, ['query', 'edit']);
    signInAs(testUser({ roleKey: 'ROLE_GOVERNMENT', roleName: '监管部门', districtCodes: ['321323'] }));
    expect(await screen.findByText(/区县监管账号只能查看/)).toBeTruthy();
    const perPerson = await screen.findByLabelText('每人死亡伤残责任限额下限');
    expect((perPerson as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: '保存保险参数' })).toBeNull();
  });

  it('so does a custom role limited to one district: the jurisdiction decides, not the role name', async () => {
    settingsApi();
    renderScreen(<GovSetting />, ['query', 'edit']);
    signInAs(testUser({ roleKey: 'ROLE_SETTINGS_CLERK', roleName: '参数维护员', districtCodes: ['321302'] }));
    const perPerson = await screen.findByLabelText('每人死亡伤残责任限额下限');
    await waitFor(() => expect((perPerson as HTMLInputElement).disabled).toBe(true));
    expect(screen.queryByRole('button', { name: '保存保险参数' })).toBeNull();
  });

  it('the city-level regulator edits them', async () => {
    settingsApi();
    signInAs(
      testUser({
        roleKey: 'ROLE_GOVERNMENT',
        roleName: '监管部门',
        districtCodes: ['321302', '321311', '321322', '321323', '321324'],
      }),
    );
    renderScreen(<GovSetting />, ['query', 'edit']);
    const perPerson = await screen.findByLabelText('每人死亡伤残责任限额下限');
    expect((perPerson as HTMLInputElement).disabled).toBe(false);
    expect(screen.getByRole('button', { name: '保存保险参数' })).toBeTruthy();
    expect(screen.queryByText(/区县监管账号只能查看/)).toBeNull();
  });
});

describe('platform settings', () => {
  it('saves the platform name and footer texts, refusing a malformed e-mail', async () => {
    const calls = settingsApi();
    renderScreen(<AdminSetting />, ['query', 'edit']);
    const phone = await screen.findByLabelText('联系电话');
    await waitFor(() => expect((phone as HTMLInputElement).value).toBe('0527-1111'));
    fireEvent.change(phone, { target: { value: ' 0527-2222 ' } });
    fireEvent.change(screen.getByLabelText('联系邮箱'), { target: { value: 'not-mail' } });
    fireEvent.click(screen.getByRole('button', { name: '保存平台信息' }));
    expect(await screen.findByText('请输入正确的联系邮箱')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/setting/save')).toBe(false);

    fireEvent.change(screen.getByLabelText('联系邮箱'), { target: { value: 'a@b.cn' } });
    fireEvent.click(screen.getByRole('button', { name: '保存平台信息' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/setting/save')).toBe(true));
    const body = calls.find((c) => c.path === '/api/setting/save')!.body as {
      platformName: string;
      footer: Record<string, string>;
    };
    expect(body.platformName).toBe('宿迁市安全生产责任保险监管服务平台');
    expect(body.footer).toMatchObject({ phone: '0527-2222', email: 'a@b.cn', icp: '苏ICP备1号' });
    // The footer preview follows the form.
    expect(screen.getAllByText('联系电话：0527-2222').length).toBeGreaterThan(0);
  });

  it('refuses a platform name shorter than 2 characters', async () => {
    const calls = settingsApi();
    renderScreen(<AdminSetting />, ['query', 'edit']);
    const name = await screen.findByLabelText('平台名称');
    await waitFor(() => expect((name as HTMLInputElement).value).not.toBe(''));
    fireEvent.change(name, { target: { value: '宿' } });
    fireEvent.click(screen.getByRole('button', { name: '保存平台信息' }));
    expect(await screen.findByText('平台名称为2-60个字符')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/setting/save')).toBe(false);
  });
});

describe('security settings (idle timeout, password age)', () => {
  it('validates like the server', () => {
    expect(securitySettingProblem('idleTimeoutMinutes', 4)).toBe('无操作自动退出时间为5-120分钟');
    expect(securitySettingProblem('idleTimeoutMinutes', 121)).toBe('无操作自动退出时间为5-120分钟');
    expect(securitySettingProblem('idleTimeoutMinutes', 7.5)).toBe('无操作自动退出时间须为整数（分钟）');
    expect(securitySettingProblem('idleTimeoutMinutes', 5)).toBeNull();
    expect(securitySettingProblem('passwordMaxAgeDays', 0)).toBeNull();
    expect(securitySettingProblem('passwordMaxAgeDays', 366)).toBe('密码有效期为0-365天（0表示不限）');
    expect(securitySettingProblem('passwordMaxAgeDays', undefined)).toBe('请输入密码有效期');
  });

  it('the security administrator edits both values at run time (no restart), refusing an out-of-range idle timeout', async () => {
    const calls = settingsApi();
    renderScreen(<SecuritySetting />, ['query', 'edit']);
    const idle = await screen.findByLabelText('无操作自动退出');
    await waitFor(() => expect((idle as HTMLInputElement).value).toBe('20'));
    expect(screen.getByText(/无需重启/)).toBeTruthy();
    expect(screen.queryByText(/需.*重启服务/)).toBeNull();

    fireEvent.change(idle, { target: { value: '200' } });
    fireEvent.click(screen.getByRole('button', { name: '保存安全设置' }));
    expect(await screen.findByText('无操作自动退出时间为5-120分钟')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/setting/security/save')).toBe(false);

    fireEvent.change(idle, { target: { value: '15' } });
    fireEvent.change(screen.getByLabelText('密码有效期'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: '保存安全设置' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/setting/security/save')).toBe(true));
    expect(calls.find((c) => c.path === '/api/setting/security/save')!.body).toEqual({
      idleTimeoutMinutes: 15,
      passwordMaxAgeDays: 0,
    });
    // Never through the platform settings, which the system administrator and the regulators save.
    expect(calls.some((c) => c.path === '/api/setting/save' || c.path === '/api/setting/get')).toBe(false);
    // The deployment's security values, read-only.
    fireEvent.click(screen.getByRole('tab', { name: '运行参数' }));
    expect(await screen.findByText(/同一浏览器连续失败 5 次/)).toBeTruthy();
    expect(screen.getByText(/安全管理员在“安全设置”中修改/)).toBeTruthy();
  });

  it('without the edit action the values are read-only and there is no save button', async () => {
    settingsApi();
    renderScreen(<SecuritySetting />, ['query']);
    const idle = await screen.findByLabelText('无操作自动退出');
    await waitFor(() => expect((idle as HTMLInputElement).value).toBe('20'));
    expect((idle as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: '保存安全设置' })).toBeNull();
  });

  it('the system administrator’s 平台设置 only shows them, read-only', async () => {
    settingsApi();
    renderScreen(<AdminSetting />, ['query', 'edit']);
    await screen.findByRole('tab', { name: '平台信息与页脚' });
    expect(screen.queryByRole('tab', { name: '登录与密码安全' })).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: '运行参数' }));
    expect(await screen.findByText(/安全管理员在“安全设置”中修改/)).toBeTruthy();
    expect(screen.queryByLabelText('无操作自动退出')).toBeNull();
    expect(screen.queryByRole('button', { name: '保存安全设置' })).toBeNull();
  });
});

describe('complaint timers (AQ 9010)', () => {
  it('validates like the server', () => {
    expect(complaintSettingProblem('replyDays', 0)).toBe('投诉答复期限（工作日）为1-60天');
    expect(complaintSettingProblem('replyDays', 10.5)).toBe('投诉答复期限（工作日）须为整数');
    expect(complaintSettingProblem('verifyDays', 91)).toBe('需核实的答复期限（工作日）为1-90天');
    expect(complaintSettingProblem('warnDays', 0)).toBeNull();
    expect(complaintSettingProblem('maxExtensionDays', 30)).toBeNull();
  });

  it('edits the working-day timers, refusing an out-of-range value', async () => {
    const calls = settingsApi();
    renderScreen(<AdminSetting />, ['query', 'edit']);
    fireEvent.click(await screen.findByRole('tab', { name: '投诉办理时限' }));
    const reply = await screen.findByLabelText('投诉答复期限（工作日）');
    await waitFor(() => expect((reply as HTMLInputElement).value).toBe('10'));
    fireEvent.change(reply, { target: { value: '61' } });
    fireEvent.click(screen.getByRole('button', { name: '保存投诉时限' }));
    expect(await screen.findByText('投诉答复期限（工作日）为1-60天')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/setting/save')).toBe(false);
    fireEvent.change(reply, { target: { value: '8' } });
    fireEvent.click(screen.getByRole('button', { name: '保存投诉时限' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/setting/save')).toBe(true));
    expect(calls.find((c) => c.path === '/api/setting/save')!.body).toEqual({
      complaint: { replyDays: 8, verifyDays: 30, maxExtensionDays: 30, warnDays: 2 },
    });
  });
});

describe('footer links', () => {
  const page = (id: number, title: string) => ({ id, title, kind: 'page', status: 1 });
  function linksApi() {
    return fakeApi({
      'POST /api/setting/get': () => stored,
      'POST /api/setting/save': (c) => ({ saved: Object.keys(c.body as object), settings: stored }),
      'GET /api/public/settings': () => ({}),
      'POST /api/manage/articles/getArticleList': () => ({
        list: [page(1, '关于我们'), page(2, '联系我们'), page(3, '隐私政策')],
        total: 3,
        pageNum: 1,
      }),
    });
  }
  const signIn = () => signInAs(testUser({ permissions: { article: ['query'] } }));

  it('labels each link 链接文字 and 单页, picks the page from the published ones, adds below the list', async () => {
    const calls = linksApi();
    const view = renderScreen(<AdminSetting />, ['query', 'edit']);
    signIn();
    fireEvent.click(await screen.findByRole('tab', { name: '页脚链接' }));
    const text = await screen.findByLabelText('第1个链接的链接文字');
    await waitFor(() => expect((text as HTMLInputElement).value).toBe('关于我们'));
    const rows = view.container.querySelectorAll('[data-testid="footer-link-row"]');
    expect(rows).toHaveLength(1);
    expect(within(rows[0] as HTMLElement).getByText('链接文字')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('单页')).toBeTruthy();
    // The add button comes after the last row, not beside it.
    const add = screen.getByRole('button', { name: /添加链接/ });
    expect(rows[0]!.compareDocumentPosition(add) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(rows[0]!.contains(add)).toBe(false);

    fireEvent.click(add);
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: '第2个链接的单页' }));
    fireEvent.click(await screen.findByText('隐私政策'));
    await waitFor(() =>
      expect((screen.getByLabelText('第2个链接的链接文字') as HTMLInputElement).value).toBe('隐私政策'),
    );
    fireEvent.click(screen.getByRole('button', { name: '保存页脚链接' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/setting/save')).toBe(true));
    expect(calls.find((c) => c.path === '/api/setting/save')!.body).toEqual({
      footerLinks: [
        { aid: 1, title: '关于我们' },
        { aid: 3, title: '隐私政策' },
      ],
    });
    expect(calls.find((c) => c.path === '/api/manage/articles/getArticleList')!.query.get('kind')).toBe(
      'page',
    );
  });

  it('a link without a page is refused at the field', async () => {
    const calls = linksApi();
    renderScreen(<AdminSetting />, ['query', 'edit']);
    signIn();
    fireEvent.click(await screen.findByRole('tab', { name: '页脚链接' }));
    await screen.findByLabelText('第1个链接的链接文字');
    fireEvent.click(screen.getByRole('button', { name: /添加链接/ }));
    fireEvent.change(await screen.findByLabelText('第2个链接的链接文字'), { target: { value: '办事指南' } });
    fireEvent.click(screen.getByRole('button', { name: '保存页脚链接' }));
    expect(await screen.findByText('请选择链接到的单页')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/setting/save')).toBe(false);
  });
});
