import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render.tsx';
import { MfaSettings } from './MfaSettings.tsx';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const ok = (data: unknown, result = 'ok') => json(200, { error: 0, apiError: 0, result, data });
const codes = Array.from({ length: 10 }, (_, i) => `NEWCD${i}-CODES${i}`);

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

describe('二次验证 settings', () => {
  it('shows the status and re-enrols: password, new QR and code, new recovery codes', async () => {
    fetchMock.mockImplementation(async (input) => {
      const path = new URL(String(input), 'http://x').pathname;
      if (path === '/api/sys/user/mfa/status')
        return ok({
          required: true,
          enrolled: true,
          enrolledAt: '2026-11-20T01:00:00.000Z',
          recoveryCodesLeft: 2,
        });
      if (path === '/api/sys/user/mfa/enrol')
        return ok({
          ticket: 'e1',
          secret: 'JBSWY3DPEHPK3PXP',
          otpauthUri: 'otpauth://totp/x',
          qrDataUrl: 'data:image/png;base64,AA==',
          issuer: '宿迁安责险',
          account: 'gov',
        });
      if (path === '/api/sys/user/mfa/confirm') return ok({ recoveryCodes: codes });
      throw new Error(`unexpected ${path}`);
    });
    renderWithApp(<MfaSettings />);
    expect(await screen.findByText('已开通')).toBeTruthy();
    expect(screen.getByText('2026-11-20 09:00')).toBeTruthy();
    expect(screen.getByText('2 个')).toBeTruthy();
    expect(screen.getByText('恢复码即将用完，请重新绑定验证器以获取新的恢复码。')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重新绑定验证器' }));
    fireEvent.change(await screen.findByLabelText('当前密码'), { target: { value: 'Safe2026' } });
    fireEvent.click(screen.getByRole('button', { name: '下一步' }));
    expect(await screen.findByAltText('验证器二维码')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('动态验证码'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: '确认绑定' }));
    expect(await screen.findByText('请立即保存以下10个恢复码')).toBeTruthy();
    expect(screen.getByText(codes[0]!)).toBeTruthy();
    const confirm = fetchMock.mock.calls.find(([u]) => String(u).includes('/mfa/confirm'));
    expect(JSON.parse(String(confirm![1]?.body))).toEqual({ ticket: 'e1', code: '123456' });
    fireEvent.click(screen.getByRole('button', { name: '我已保存' }));
    expect(await screen.findByText('验证器已重新绑定')).toBeTruthy();
    // The status is read again (the new enrolment's codes count).
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([u]) => String(u).includes('/mfa/status')).length).toBeGreaterThan(
        1,
      ),
    );
  });

  it('says so when the account needs no second factor', async () => {
    fetchMock.mockResolvedValue(
      ok({ required: false, enrolled: false, enrolledAt: null, recoveryCodesLeft: 0 }),
    );
    renderWithApp(<MfaSettings />);
    expect(await screen.findByText('当前账号登录无需二次验证。')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '重新绑定验证器' })).toBeNull();
  });
});
