import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render.tsx';

const logoutAndLeave = vi.fn(async (_delay?: number, _opts?: { sessionEnded?: boolean }) => undefined);
vi.mock('./session-actions.ts', () => ({
  logoutAndLeave: (d?: number, o?: { sessionEnded?: boolean }) => logoutAndLeave(d, o),
}));

const { bindFeedback, feedback } = await import('../../platform/feedback.ts');
const { openPasswordDialog, closePasswordDialog, requirePasswordChange } = await import(
  '../../platform/password-prompt.ts'
);
const { ChangePasswordModal, AFTER_CHANGE_DELAY_MS } = await import('./ChangePasswordModal.tsx');

const shown: { kind: string; text: unknown }[] = [];
const original = { ...feedback };
const fetchMock = vi.fn<typeof fetch>();

function reply(status: number, body: unknown) {
  fetchMock.mockResolvedValueOnce(
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

beforeEach(() => {
  shown.length = 0;
  vi.stubGlobal('fetch', fetchMock);
  const record = (kind: string) => (text: unknown) => {
    shown.push({ kind, text });
    return Promise.resolve(true) as never;
  };
  bindFeedback({
    ...original,
    message: {
      ...original.message,
      success: record('success'),
      info: record('info'),
      error: record('error'),
    },
  });
  openPasswordDialog();
});

afterEach(() => {
  closePasswordDialog();
  bindFeedback(original);
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  logoutAndLeave.mockClear();
});

describe('change password (spec 5)', () => {
  it('requires the old and the new password with the spec messages', async () => {
    renderWithApp(<ChangePasswordModal />);
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('请输入原密码!')).toBeTruthy();
    expect(await screen.findByText('请输入新密码')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('rejects a blank new password, a weak one and a mismatched confirmation', async () => {
    renderWithApp(<ChangePasswordModal />);
    fill('原密码', 'Safe2026');
    fill('新密码', '   ');
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('请输入新密码')).toBeTruthy();
    fill('新密码', 'abc def1X');
    expect(await screen.findByText('密码不能包含空格')).toBeTruthy();
    fill('新密码', 'short1A');
    expect(await screen.findByText('密码长度至少8位')).toBeTruthy();
    fill('新密码', 'alllowercase');
    expect(await screen.findByText('密码至少包含大写字母、小写字母、数字、特殊符号中的三类')).toBeTruthy();
    fill('新密码', 'Better2027x');
    fill('确认新密码', 'Better2027y');
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('两次输入的新密码不一致')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the server text when the change is refused', async () => {
    reply(400, { error: 400, apiError: 400, result: '原密码错误' });
    renderWithApp(<ChangePasswordModal />);
    fill('原密码', 'Wrong2026');
    fill('新密码', 'Better2027x');
    fill('确认新密码', 'Better2027x');
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(shown).toEqual([{ kind: 'error', text: '原密码错误' }]));
    const [url, init] = fetchMock.mock.calls[0]!;
    // The passwords travel in the body, never in the URL.
    expect(url).toBe('/api/sys/user/pwd/update');
    expect(JSON.parse(String((init as RequestInit).body))).toEqual({
      oldPwd: 'Wrong2026',
      newPwd: 'Better2027x',
    });
    expect(logoutAndLeave).not.toHaveBeenCalled();
  });

  it('on success shows success and info with the server text, then logs out', async () => {
    reply(200, { error: 0, apiError: 0, result: '密码修改成功，请使用新密码重新登录' });
    renderWithApp(<ChangePasswordModal />);
    fill('原密码', 'Safe2026');
    fill('新密码', 'Better2027x');
    fill('确认新密码', 'Better2027x');
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    // The server ended the session with the change: it is cleared locally, not logged out again (no 401).
    await waitFor(() =>
      expect(logoutAndLeave).toHaveBeenCalledWith(AFTER_CHANGE_DELAY_MS, { sessionEnded: true }),
    );
    expect(shown[0]).toEqual({ kind: 'success', text: '密码修改成功，请使用新密码重新登录' });
    expect(shown[1]?.kind).toBe('info');
    expect(String(shown[1]?.text)).toContain('密码修改成功，请使用新密码重新登录');
  });

  it('a forced change cannot be cancelled, only logged out of', async () => {
    requirePasswordChange('首次登录请先修改初始密码');
    renderWithApp(<ChangePasswordModal />);
    expect(await screen.findByText('首次登录请先修改初始密码')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /取\s*消/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '退出登录' }));
    expect(logoutAndLeave).toHaveBeenCalled();
  });
});
