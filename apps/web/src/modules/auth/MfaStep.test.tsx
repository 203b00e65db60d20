import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../platform/auth.ts';
import { getToken } from '../../platform/storage.ts';
import { renderWithApp } from '../../test/render.tsx';
import { LoginPanel } from './LoginPanel.tsx';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const ok = (data: unknown, result = 'ok') => json(200, { error: 0, apiError: 0, result, data });

const govLogin = {
  token: 'tok-gov',
  userId: 2,
  username: 'gov',
  nickname: '监管',
  avatar: '',
  roleKey: 'ROLE_GOVERNMENT',
  status: 1,
  isOrg: true,
  mustChangePassword: false,
};
const codes = Array.from({ length: 10 }, (_, i) => `ABCD${i}-EFGH${i}`);

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

/** Answers by path; records the bodies. */
function route(map: Record<string, () => Response>) {
  fetchMock.mockImplementation(async (input) => {
    const path = new URL(String(input), 'http://x').pathname.replace(/^\/api/, '');
    const answer = map[path];
    if (!answer) throw new Error(`unexpected ${path}`);
    return answer();
  });
}
const bodyOf = (path: string) =>
  fetchMock.mock.calls
    .filter(([u]) => String(u).includes(`/api${path}`))
    .map(([, init]) => JSON.parse(String(init?.body)));

async function submitPassword() {
  fireEvent.change(await screen.findByPlaceholderText('用户名'), { target: { value: 'gov' } });
  fireEvent.change(screen.getByPlaceholderText('密码'), { target: { value: 'Safe2026' } });
  fireEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
}

describe('second factor on the login page', () => {
  it('asks for the dynamic code after the password, then signs in', async () => {
    route({
      '/login': () =>
        ok({ mfaRequired: true, ticket: 't1', enrolled: true, expiresIn: 300 }, '请输入动态验证码'),
      '/login/mfa': () => ok(govLogin, '登录成功'),
    });
    const { router } = renderWithApp(<LoginPanel />, { path: '/user/login' });
    await submitPassword();
    const input = await screen.findByLabelText('动态验证码');
    expect(getToken()).toBeNull();
    fireEvent.change(input, { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: '验证并登录' }));
    expect(await screen.findByText('请输入6位动态验证码或恢复码')).toBeTruthy();
    fireEvent.change(input, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: '验证并登录' }));
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/user/login'));
    expect(getToken()).toBe('tok-gov');
    expect(bodyOf('/login/mfa')).toEqual([{ ticket: 't1', code: '123456' }]);
  });

  it('shows the server message for a wrong code and keeps the step', async () => {
    route({
      '/login': () => ok({ mfaRequired: true, ticket: 't1', enrolled: true, expiresIn: 300 }),
      '/login/mfa': () =>
        json(400, {
          error: 400,
          apiError: 400,
          code: 'MFA_CODE_INVALID',
          result: '动态验证码错误或已使用，请输入验证器中的新验证码',
        }),
    });
    renderWithApp(<LoginPanel />, { path: '/user/login' });
    await submitPassword();
    fireEvent.change(await screen.findByLabelText('动态验证码'), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: '验证并登录' }));
    expect(await screen.findByText('动态验证码错误或已使用，请输入验证器中的新验证码')).toBeTruthy();
    expect(screen.getByLabelText('动态验证码')).toBeTruthy();
    expect(getToken()).toBeNull();
  });

  it('enrols first: shows the QR and the secret, then the ten recovery codes once', async () => {
    route({
      '/login': () => ok({ mfaRequired: true, ticket: 't2', enrolled: false, expiresIn: 300 }),
      '/login/mfa/enrol': () =>
        ok({
          ticket: 't2',
          secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          otpauthUri: 'otpauth://totp/x',
          qrDataUrl: 'data:image/png;base64,AA==',
          issuer: '宿迁安责险',
          account: 'gov',
        }),
      '/login/mfa': () => ok({ ...govLogin, recoveryCodes: codes }, '二次验证已开通，登录成功'),
    });
    const { router } = renderWithApp(<LoginPanel />, { path: '/user/login' });
    await submitPassword();
    expect(await screen.findByText('开通二次验证')).toBeTruthy();
    expect((await screen.findByAltText('验证器二维码')).getAttribute('src')).toBe(
      'data:image/png;base64,AA==',
    );
    expect(screen.getByTestId('mfa-secret').textContent).toContain('JBSW Y3DP EHPK 3PXP');
    fireEvent.change(screen.getByLabelText('动态验证码'), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: '完成开通并登录' }));
    expect(await screen.findByText('请立即保存以下10个恢复码')).toBeTruthy();
    for (const c of codes) expect(screen.getByText(c)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/user/login');
    fireEvent.click(screen.getByRole('button', { name: '我已保存，进入系统' }));
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/user/login'));
  });

  it('offers the code field when the account as a whole is locked, and sends it with the password', async () => {
    route({
      '/login': () =>
        json(403, {
          error: 403,
          apiError: 403,
          code: 'ACCOUNT_LOCKED',
          result:
            '该帐户密码错误次数过多，已锁定30分钟；已开通二次验证的用户可输入动态验证码登录，或联系管理员解锁',
          data: { scope: 'account' },
        }),
    });
    renderWithApp(<LoginPanel />, { path: '/user/login' });
    await submitPassword();
    expect(await screen.findByText(/已锁定30分钟/)).toBeTruthy();
    fireEvent.change(await screen.findByLabelText('动态验证码'), { target: { value: '112233' } });
    fireEvent.change(screen.getByPlaceholderText('密码'), { target: { value: 'Safe2026' } });
    fireEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
    await waitFor(() => expect(bodyOf('/login')).toHaveLength(2));
    expect(bodyOf('/login')[1]).toEqual({ username: 'gov', password: 'Safe2026', otp: '112233' });
  });
});
