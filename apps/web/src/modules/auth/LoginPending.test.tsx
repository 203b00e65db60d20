import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiStub } from '../../test/api-stub.tsx';
import { renderWithApp } from '../../test/render.tsx';
import { PasswordLoginForm } from './LoginPanel.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('sign-in of a pending applicant', () => {
  it('goes to the status page with the application token', async () => {
    vi.stubGlobal(
      'fetch',
      apiStub({
        '/api/login': () =>
          new Response(
            JSON.stringify({
              error: 403,
              apiError: 403,
              result: '注册申请正在审核中',
              code: 'REGISTRATION_PENDING',
              data: { applicationToken: 'tok-1', status: 1 },
            }),
            { status: 403, headers: { 'Content-Type': 'application/json' } },
          ),
      }).fetchMock,
    );
    const { router } = renderWithApp(<PasswordLoginForm />, {
      settings: { captchaEnabled: false },
      extraRoutes: [{ path: '/portal/regStatus', element: <div>status page</div> }],
    });
    fireEvent.change(await screen.findByPlaceholderText('用户名'), { target: { value: 'reg_service' } });
    fireEvent.change(screen.getByPlaceholderText('密码'), { target: { value: 'Safe2026' } });
    fireEvent.click(screen.getByRole('button', { name: /登/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/portal/regStatus'));
    expect(sessionStorage.getItem('aqzrx-reg-token')).toBe('tok-1');
  });
});
