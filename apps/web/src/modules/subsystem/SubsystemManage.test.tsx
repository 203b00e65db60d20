import type { SubsystemRow, UserRow } from '@aqzrx/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderScreen } from '../../test/fake-api.tsx';
import { SubsystemCredentialsModal } from './SubsystemCredentials.tsx';
import { SubsystemFormModal, SubsystemManage } from './SubsystemManage.tsx';

const writeText = vi.fn(async (_text: string) => {});
beforeEach(() => {
  writeText.mockClear();
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});
afterEach(() => vi.unstubAllGlobals());

const base: SubsystemRow = {
  id: 5,
  name: '双重预防机制信息系统',
  code: 'sqfx',
  url: 'https://sqfx.example.gov.cn/',
  status: 1,
  helpContent: '',
  sort: 10,
  mechanismCount: 1,
  serviceUserId: 31,
  serviceUsername: 'svc_sqfx',
  serviceUserNickname: '双预防对接账号',
  serviceUserRole: '监管部门',
  serviceUserActive: true,
  appKey: null,
  credentialIssuedAt: null,
  lastUsedAt: null,
  version: 2,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};

const SECRET = 'skAbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcd';
const KEY = 'ak0123456789abcdef0123456789abcdef';

function renderDialog(row: SubsystemRow, actions = ['query', 'edit']) {
  const onClose = vi.fn();
  const onChanged = vi.fn();
  renderScreen(
    <SubsystemCredentialsModal subsystem={row} onClose={onClose} onChanged={onChanged} />,
    actions,
  );
  return { onClose, onChanged };
}

const button = (name: RegExp) => screen.getByRole('button', { name });

describe('subsystem credentials dialog', () => {
  it('generates credentials, shows the secret once with a copy button, and asks before closing', async () => {
    const calls = fakeApi({
      'POST /api/subsystem/credentials/generate': () => ({
        id: 5,
        appKey: KEY,
        secret: SECRET,
        issuedAt: '2026-03-01T08:00:00Z',
      }),
    });
    const { onClose, onChanged } = renderDialog(base);
    expect(await screen.findByText('未生成')).toBeTruthy();
    expect(screen.getByText('双预防对接账号（svc_sqfx） · 监管部门')).toBeTruthy();
    fireEvent.click(button(/生成凭据/));
    expect(await screen.findByTestId('subsystem-secret')).toHaveProperty('textContent', SECRET);
    expect(calls.map((c) => `${c.method} ${c.path}?${c.query}`)).toEqual([
      'POST /api/subsystem/credentials/generate?id=5',
    ]);
    expect(screen.getByText('密钥仅显示这一次')).toBeTruthy();
    expect(screen.getByTestId('app-key').textContent).toBe(KEY);
    expect(screen.getByText('尚未调用')).toBeTruthy();
    expect(onChanged).toHaveBeenCalledTimes(1);
    // Once issued, generate gives way to rotate and revoke.
    expect(screen.queryByRole('button', { name: /生成凭据/ })).toBeNull();
    expect(button(/重置密钥/)).toBeTruthy();

    fireEvent.click(button(/复制密钥/));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(SECRET));
    expect(await screen.findByText('密钥已复制')).toBeTruthy();

    // Closing with the secret on screen asks first; "返回" keeps the dialog open.
    fireEvent.click(button(/^关\s*闭$/));
    expect((await screen.findAllByText('确认已保存密钥？')).length).toBeGreaterThan(0);
    fireEvent.click(button(/^返\s*回$/));
    await new Promise((r) => setTimeout(r, 50));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByTestId('subsystem-secret').textContent).toBe(SECRET);
    fireEvent.click(button(/^关\s*闭$/));
    const confirm = await screen.findAllByRole('button', { name: /已保存，关闭/ });
    fireEvent.click(confirm[confirm.length - 1]!);
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it('without a bound service account generation is disabled and says why', async () => {
    fakeApi({});
    const { onClose } = renderDialog({
      ...base,
      serviceUserId: null,
      serviceUsername: '',
      serviceUserNickname: '',
      serviceUserRole: '',
      serviceUserActive: false,
      mechanismCount: 0,
    });
    expect(await screen.findByText('尚未绑定服务账号')).toBeTruthy();
    expect(screen.getByText('尚无安全机制')).toBeTruthy();
    expect(button(/生成凭据/)).toHaveProperty('disabled', true);
    // Nothing secret on screen: closing does not ask.
    fireEvent.click(button(/^关\s*闭$/));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('rotate (confirmed) shows the new secret; revoke (confirmed) removes the key', async () => {
    const calls = fakeApi({
      'POST /api/subsystem/credentials/rotate': () => ({
        id: 5,
        appKey: KEY,
        secret: SECRET,
        issuedAt: '2026-03-02T08:00:00Z',
      }),
      'POST /api/subsystem/credentials/revoke': () => null,
    });
    const { onChanged } = renderDialog({
      ...base,
      appKey: KEY,
      credentialIssuedAt: '2026-02-01T08:00:00Z',
      lastUsedAt: '2026-02-03T09:30:00Z',
      serviceUserActive: false,
    });
    expect(await screen.findByText('服务账号已停用或删除')).toBeTruthy();
    expect(screen.getByTestId('app-key').textContent).toBe(KEY);
    expect(screen.queryByText('尚未调用')).toBeNull();

    fireEvent.click(button(/重置密钥/));
    expect(calls).toHaveLength(0); // only after confirming
    fireEvent.click(await screen.findByRole('button', { name: /^重\s*置$/ }));
    expect(await screen.findByTestId('subsystem-secret')).toHaveProperty('textContent', SECRET);
    expect(calls[0]?.path).toBe('/api/subsystem/credentials/rotate');
    expect(calls[0]?.query.get('id')).toBe('5');

    fireEvent.click(button(/吊销凭据/));
    fireEvent.click(await screen.findByRole('button', { name: /^吊\s*销$/ }));
    expect(await screen.findByText('接入凭据已吊销')).toBeTruthy();
    expect(calls[1]?.path).toBe('/api/subsystem/credentials/revoke');
    expect(screen.queryByTestId('subsystem-secret')).toBeNull();
    expect(screen.getByText('未生成')).toBeTruthy();
    expect(onChanged).toHaveBeenCalledTimes(2);
  });

  it('a role without the edit action sees the key but no buttons', async () => {
    fakeApi({});
    renderDialog({ ...base, appKey: KEY, credentialIssuedAt: '2026-02-01T08:00:00Z' }, ['query']);
    expect((await screen.findByTestId('app-key')).textContent).toBe(KEY);
    expect(screen.queryByRole('button', { name: /重置密钥/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /吊销凭据/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /生成凭据/ })).toBeNull();
  });
});

const user = (id: number, username: string, status = 1): UserRow => ({
  id,
  username,
  nickname: `${username}昵称`,
  avatar: '',
  mobile: '',
  status,
  statusLabel: '',
  roleId: 2,
  roleKey: 'ROLE_GOVERNMENT',
  roleName: '监管部门',
  roleDisplay: '监管部门',
  duty: 'system',
  orgId: null,
  orgName: '',
  isOrg: false,
  locked: false,
  lastLoginAt: null,
  idle: false,
  createdAt: '2026-01-01T00:00:00Z',
  version: 1,
});

describe('subsystem form: service account', () => {
  it('keeps the bound account on save and can pick another one found by username', async () => {
    const calls = fakeApi({
      'POST /api/sys/user/searchUserList.json': (c) => ({
        list: c.query.get('username') === 'svc2' ? [user(41, 'svc2'), user(42, 'svc2_old', 2)] : [],
        total: 0,
        pageNum: 1,
        pageSize: 20,
      }),
    });
    const onSubmit = vi.fn();
    renderScreen(
      <SubsystemFormModal editing={base} saving={false} onCancel={() => {}} onSubmit={onSubmit} />,
      ['edit'],
    );
    expect(await screen.findByText('双预防对接账号（svc_sqfx） · 监管部门')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ serviceUserId: 31, code: 'sqfx' });

    const search = screen.getByLabelText('服务账号');
    fireEvent.mouseDown(search);
    fireEvent.change(search, { target: { value: 'svc2' } });
    const option = await screen.findByText('svc2昵称（svc2） · 监管部门', {}, { timeout: 2000 });
    expect(calls.some((c) => c.query.get('username') === 'svc2')).toBe(true);
    // A disabled account is listed but cannot be chosen.
    expect(screen.getByText('svc2_old昵称（svc2_old） · 监管部门 · 已停用')).toBeTruthy();
    fireEvent.click(option);
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect(onSubmit.mock.calls[1]![0]).toMatchObject({ serviceUserId: 41 });
  });

  it('says so when the user list is not permitted', async () => {
    fakeApi({
      'POST /api/sys/user/searchUserList.json': () =>
        new Response(JSON.stringify({ error: 403, apiError: 403, result: '没有权限，请联系管理员授权' }), {
          status: 403,
          headers: { 'Content-Type': 'application/json' },
        }),
    });
    renderScreen(
      <SubsystemFormModal editing="new" saving={false} onCancel={() => {}} onSubmit={() => {}} />,
      ['add'],
    );
    fireEvent.mouseDown(await screen.findByRole('combobox'));
    expect(await screen.findByText('没有查询用户的权限，请联系管理员', {}, { timeout: 2000 })).toBeTruthy();
  });
});

describe('<SubsystemManage> row actions', () => {
  const listApi = () =>
    fakeApi({
      'POST /api/subsystem/list': () => ({
        list: [{ ...base, appKey: KEY, credentialIssuedAt: '2026-02-01T08:00:00Z' }],
        total: 1,
        pageNum: 1,
        pageSize: 10,
      }),
    });

  it('接入凭据 opens the credentials dialog with the edit action; the key is labelled 应用标识（AppKey）', async () => {
    listApi();
    renderScreen(<SubsystemManage />, ['query', 'edit']);
    fireEvent.click(await screen.findByRole('button', { name: /接入凭据/ }));
    expect(await screen.findByText('应用标识（AppKey）')).toBeTruthy();
    expect(screen.queryByText(/App Key/)).toBeNull();
  });

  it('without edit there is no 接入凭据 button (the key stays visible in the list)', async () => {
    listApi();
    renderScreen(<SubsystemManage />, ['query']);
    expect(await screen.findAllByText(KEY)).not.toHaveLength(0);
    expect(screen.queryByRole('button', { name: /接入凭据/ })).toBeNull();
  });
});
