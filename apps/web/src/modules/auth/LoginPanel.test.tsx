import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../platform/auth.ts';
import { closePasswordDialog, passwordPrompt } from '../../platform/password-prompt.ts';
import { getToken } from '../../platform/storage.ts';
import { renderWithApp } from '../../test/render.tsx';
import { LoginPanel } from './LoginPanel.tsx';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const loginData = {
  token: 'tok',
  userId: 3,
  username: 'ent',
  nickname: '企业',
  avatar: '',
  roleKey: 'ROLE_ENT',
  status: 1,
  isOrg: true,
  mustChangePassword: false,
};

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  localStorage.clear();
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

async function submit(username: string, password: string) {
  fireEvent.change(await screen.findByPlaceholderText('用户名'), { target: { value: username } });
  fireEvent.change(screen.getByPlaceholderText('密码'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
}

describe('login page', () => {
  it('toggles between password and QR login (WeChat QR login not configured here)', async () => {
    fetchMock.mockResolvedValue(json(200, { error: 0, apiError: 0, result: 'ok', data: { enabled: false } }));
    renderWithApp(<LoginPanel />);
    expect(await screen.findByPlaceholderText('用户名')).toBeTruthy();
    fireEvent.click(screen.getByText('扫码登录'));
    expect(await screen.findByText('微信扫码登录未开通')).toBeTruthy();
    expect(screen.queryByPlaceholderText('用户名')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '使用密码登录' }));
    expect(await screen.findByPlaceholderText('用户名')).toBeTruthy();
  });

  it('shows no slide puzzle when the server captcha is off', async () => {
    renderWithApp(<LoginPanel />, { settings: { captchaEnabled: false } });
    await screen.findByPlaceholderText('用户名');
    expect(screen.queryByText('向右滑动完成拼图')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the slide puzzle and requires it when the captcha is on', async () => {
    fetchMock.mockImplementation(async () =>
      json(200, {
        error: 0,
        apiError: 0,
        result: 'ok',
        data: {
          id: 'c1',
          width: 310,
          height: 155,
          pieceSize: 42,
          radius: 10,
          y: 20,
          background: 'data:image/png;base64,AA==',
          piece: 'data:image/png;base64,AA==',
          expiresInMs: 60000,
        },
      }),
    );
    renderWithApp(<LoginPanel />, { settings: { captchaEnabled: true } });
    expect(await screen.findByText('向右滑动完成拼图')).toBeTruthy();
    await submit('ent', 'Safe2026');
    expect(await screen.findByText('请先完成滑块验证')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/api/login'))).toBe(false);
  });

  it('shows the server message on failure, without the global 401 handling', async () => {
    fetchMock.mockResolvedValue(json(401, { error: 401, apiError: 401, result: '用户不存在/密码错误' }));
    renderWithApp(<LoginPanel />);
    await submit('ent', 'wrong');
    expect(await screen.findByText('用户不存在/密码错误')).toBeTruthy();
    expect(screen.queryByText('未授权')).toBeNull();
    expect(getToken()).toBeNull();
  });

  it('stores the token and goes to the redirect query, else the role landing page', async () => {
    fetchMock.mockResolvedValue(json(200, { error: 0, apiError: 0, result: '登录成功', data: loginData }));
    const { router } = renderWithApp(<LoginPanel />, { path: '/user/login' });
    await submit('ent', 'Safe2026');
    await waitFor(() => expect(router.state.location.pathname).toBe('/ent/EntAPQuery/route'));
    expect(getToken()).toBe('tok');
    const body = JSON.parse(String(fetchMock.mock.calls[0]![1]?.body));
    expect(body).toEqual({ username: 'ent', password: 'Safe2026' });
  });

  it('honours a same-site redirect query only', async () => {
    fetchMock.mockResolvedValue(json(200, { error: 0, apiError: 0, result: '登录成功', data: loginData }));
    const { router } = renderWithApp(<LoginPanel />, {
      path: `/user/login?redirect=${encodeURIComponent('/ent/Entazx/EntClaimManage/route?x=1')}`,
    });
    await submit('ent', 'Safe2026');
    await waitFor(() => expect(router.state.location.pathname).toBe('/ent/Entazx/EntClaimManage/route'));
    expect(router.state.location.search).toBe('?x=1');
  });

  it('tells why the password must be changed: a reset by an administrator is no first login', async () => {
    for (const [reason, text] of [
      ['reset', '管理员已重置您的密码，请先修改密码'],
      ['initial', '首次登录请先修改初始密码'],
      ['expired', '密码已超过有效期，请修改密码后继续使用'],
    ] as const) {
      closePasswordDialog();
      const data = { ...loginData, mustChangePassword: true, passwordChangeReason: reason };
      fetchMock.mockResolvedValue(json(200, { error: 0, apiError: 0, result: '登录成功', data }));
      const view = renderWithApp(<LoginPanel />, { path: '/user/login' });
      await submit('ent', 'Safe2026');
      await waitFor(() => expect(passwordPrompt.get()).toEqual({ open: true, forced: true, reason: text }));
      view.unmount();
    }
    closePasswordDialog();
  });
});
