import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../platform/auth.ts';
import { WX_NOT_CONFIGURED } from '../../platform/contracts.ts';
import { browser } from '../../platform/feedback.ts';
import { getToken, setToken } from '../../platform/storage.ts';
import { renderWithApp } from '../../test/render.tsx';
import { BindWxUser } from './BindWxUser.tsx';
import { LoginPanel } from './LoginPanel.tsx';
import { WechatBinding } from './WechatBinding.tsx';
import { WechatQrLogin } from './WechatQrLogin.tsx';
import { pendingBind, savePendingBind } from './wechat-api.ts';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const ok = (data: unknown, result = 'ok') => json(200, { error: 0, apiError: 0, result, data });
const fail = (status: number, result: string) => json(status, { error: status, apiError: status, result });

const loginData = {
  token: 'wx-tok',
  userId: 3,
  username: 'ent',
  nickname: '企业',
  avatar: '',
  roleKey: 'ROLE_ENT',
  status: 1,
  isOrg: true,
  mustChangePassword: false,
};

/** Answers by API path; records every call. */
function api(handlers: Record<string, () => Response>) {
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    const h = handlers[url.pathname];
    return h ? h() : fail(404, `no stub for ${url.pathname}`);
  });
}
const calls = () =>
  fetchMock.mock.calls.map(([u, init]) => ({
    url: new URL(String(u), 'http://localhost'),
    body: init?.body ? JSON.parse(String(init.body)) : undefined,
  }));

let assign: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  fetchMock.mockReset();
  localStorage.clear();
  sessionStorage.clear();
  authStore.set({
    token: null,
    login: null,
    user: null,
    roles: [],
    resources: [],
    industries: [],
    loaded: false,
  });
});

describe('login page QR toggle', () => {
  it('says plainly that the QR login is not open when WeChat is not configured', async () => {
    api({ '/api/wx/config.json': () => ok({ enabled: false }) });
    renderWithApp(<LoginPanel />);
    fireEvent.click(await screen.findByText('扫码登录'));
    expect(await screen.findByText('微信扫码登录未开通')).toBeTruthy();
    expect(screen.getByText(`${WX_NOT_CONFIGURED}。`)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '使用密码登录' }));
    expect(await screen.findByPlaceholderText('用户名')).toBeTruthy();
  });

  it('offers the WeChat QR page when configured, keeping the redirect', async () => {
    api({ '/api/wx/config.json': () => ok({ enabled: true }) });
    const { router } = renderWithApp(<LoginPanel />, { path: '/user/login?redirect=%2Fent%2Fx' });
    fireEvent.click(await screen.findByText('扫码登录'));
    expect(await screen.findByText('微信扫码登录')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /显示微信登录二维码/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/loginByQRCode'));
    expect(router.state.location.search).toBe('?redirect=%2Fent%2Fx');
  });
});

describe('loginByQRCode page', () => {
  it('without a code goes to WeChat’s QR page', async () => {
    api({
      '/api/wx/qrConnect.json': () =>
        ok({ url: 'https://wx.example/connect/qrconnect?state=l.s', state: 'l.s', expiresIn: 600 }),
    });
    renderWithApp(<WechatQrLogin />, { path: '/user/loginByQRCode' });
    expect(await screen.findByText('正在打开微信扫码页面…')).toBeTruthy();
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://wx.example/connect/qrconnect?state=l.s'),
    );
  });

  it('says so when WeChat login is not configured', async () => {
    api({ '/api/wx/qrConnect.json': () => fail(400, WX_NOT_CONFIGURED) });
    renderWithApp(<WechatQrLogin />, { path: '/user/loginByQRCode' });
    expect(await screen.findByText('微信扫码登录未开通')).toBeTruthy();
    expect(screen.getByText(WX_NOT_CONFIGURED)).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
  });

  it('signs a bound user in with the callback’s code and state and lands on the role page', async () => {
    api({
      '/api/wx/loginByScanQrcode.json': () => ok({ bound: true, login: loginData, nickname: '微信用户甲' }),
    });
    const { router } = renderWithApp(<WechatQrLogin />, { path: '/user/loginByQRCode?code=C1&state=l.S1' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/ent/EntAPQuery/route'));
    expect(getToken()).toBe('wx-tok');
    const scan = calls().filter((c) => c.url.pathname === '/api/wx/loginByScanQrcode.json');
    expect(scan).toHaveLength(1);
    expect(Object.fromEntries(scan[0]!.url.searchParams)).toEqual({ code: 'C1', state: 'l.S1' });
  });

  it('sends an unbound scan to the bind page with its ticket', async () => {
    api({
      '/api/wx/loginByScanQrcode.json': () => ok({ bound: false, ticket: 'T1', nickname: '微信用户甲' }),
    });
    const { router } = renderWithApp(<WechatQrLogin />, { path: '/user/loginByQRCode?code=C1&state=l.S1' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/bindWxUser'));
    expect(pendingBind()).toEqual({ ticket: 'T1', nickname: '微信用户甲' });
    expect(getToken()).toBeNull();
  });

  it('shows the server’s refusal (a replayed state) with a way to scan again', async () => {
    api({ '/api/wx/loginByScanQrcode.json': () => fail(400, '该扫码结果已使用过，请重新扫码') });
    renderWithApp(<WechatQrLogin />, { path: '/user/loginByQRCode?code=C1&state=l.S1' });
    expect(await screen.findByText('扫码登录失败')).toBeTruthy();
    expect(screen.getByText('该扫码结果已使用过，请重新扫码')).toBeTruthy();
    expect(screen.getByRole('button', { name: '重新扫码' })).toBeTruthy();
  });

  it('tells a refused authorization (state without code)', async () => {
    renderWithApp(<WechatQrLogin />, { path: '/user/loginByQRCode?state=l.S1' });
    expect(await screen.findByText('已取消微信授权')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('finishes a binding started from the settings and returns there', async () => {
    setToken('tok-ent2');
    api({
      '/api/wx/loginUserBindWx.json': () =>
        ok({ enabled: true, bound: true, nickname: '微信用户乙', boundAt: '2026-11-28T04:00:00Z' }),
    });
    const { router } = renderWithApp(<WechatQrLogin />, { path: '/user/loginByQRCode?code=C2&state=b.S2' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/wechat'));
    const bind = calls().find((c) => c.url.pathname === '/api/wx/loginUserBindWx.json')!;
    expect(Object.fromEntries(bind.url.searchParams)).toEqual({ code: 'C2', state: 'b.S2' });
  });
});

describe('bindWxUser page', () => {
  it('without a pending scan asks to scan again', async () => {
    renderWithApp(<BindWxUser />, { path: '/user/bindWxUser' });
    expect(await screen.findByText('绑定凭证已失效')).toBeTruthy();
  });

  it('binds with the password and signs in', async () => {
    savePendingBind({ ticket: 'T1', nickname: '微信用户甲' });
    api({ '/api/wx/bindWXUser.json': () => ok(loginData, '绑定成功，已登录') });
    const { router } = renderWithApp(<BindWxUser />, { path: '/user/bindWxUser' });
    expect(await screen.findByText('微信用户“微信用户甲”尚未绑定平台账号')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('用户名'), { target: { value: 'ent' } });
    fireEvent.change(screen.getByPlaceholderText('密码'), { target: { value: 'Safe2026' } });
    fireEvent.click(screen.getByRole('button', { name: '登录并绑定' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/ent/EntAPQuery/route'));
    const call = calls().find((c) => c.url.pathname === '/api/wx/bindWXUser.json')!;
    expect(call.body).toEqual({ ticket: 'T1', username: 'ent', password: 'Safe2026' });
    expect(getToken()).toBe('wx-tok');
    expect(pendingBind()).toBeNull();
  });

  it('shows a wrong password and keeps the ticket', async () => {
    savePendingBind({ ticket: 'T1', nickname: '微信用户甲' });
    api({ '/api/wx/bindWXUser.json': () => fail(401, '用户不存在/密码错误') });
    renderWithApp(<BindWxUser />, { path: '/user/bindWxUser' });
    fireEvent.change(await screen.findByPlaceholderText('用户名'), { target: { value: 'ent' } });
    fireEvent.change(screen.getByPlaceholderText('密码'), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: '登录并绑定' }));
    expect(await screen.findByText('用户不存在/密码错误')).toBeTruthy();
    expect(pendingBind()?.ticket).toBe('T1');
  });
});

describe('WeChat binding settings', () => {
  it('an unbound account opens WeChat’s QR page to bind', async () => {
    api({
      '/api/wx/myBinding.json': () => ok({ enabled: true, bound: false, nickname: '', boundAt: null }),
      '/api/wx/bindQrConnect.json': () =>
        ok({ url: 'https://wx.example/qr?state=b.x', state: 'b.x', expiresIn: 600 }),
    });
    renderWithApp(<WechatBinding />, { path: '/account/wechat' });
    expect(await screen.findByText('未绑定')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /绑定微信/ }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://wx.example/qr?state=b.x'));
  });

  it('a bound account shows the WeChat nickname and time (China time) and unbinds after confirming', async () => {
    let bound = true;
    api({
      '/api/wx/myBinding.json': () =>
        ok(
          bound
            ? { enabled: true, bound: true, nickname: '微信用户甲', boundAt: '2026-11-28T04:05:00Z' }
            : { enabled: true, bound: false, nickname: '', boundAt: null },
        ),
      '/api/wx/unbindWx.json': () => {
        bound = false;
        return ok(null, '已解除微信绑定');
      },
    });
    renderWithApp(<WechatBinding />, { path: '/account/wechat' });
    expect(await screen.findByText('微信用户甲')).toBeTruthy();
    expect(screen.getByText('已绑定')).toBeTruthy();
    expect(screen.getByText('2026-11-28 12:05')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '解除绑定' }));
    expect(await screen.findByText('解除后将不能再用该微信扫码登录本账号，确定解除吗？')).toBeTruthy();
    await waitFor(() =>
      expect(document.querySelector('.ant-modal-confirm-btns .ant-btn-dangerous')).not.toBeNull(),
    );
    fireEvent.click(document.querySelector('.ant-modal-confirm-btns .ant-btn-dangerous')!);
    expect(await screen.findByText('未绑定')).toBeTruthy();
  });

  it('says binding is not possible while WeChat login is not configured', async () => {
    api({
      '/api/wx/myBinding.json': () => ok({ enabled: false, bound: false, nickname: '', boundAt: null }),
    });
    renderWithApp(<WechatBinding />, { path: '/account/wechat' });
    expect(await screen.findByText(/本平台尚未开通微信扫码登录/)).toBeTruthy();
    expect((screen.getByRole('button', { name: /绑定微信/ }) as HTMLButtonElement).disabled).toBe(true);
  });
});
