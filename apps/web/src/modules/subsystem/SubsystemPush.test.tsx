import type { PushSettingsView, SubsystemRow } from '@aqzrx/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderScreen } from '../../test/fake-api.tsx';
import { SubsystemPushDrawer, SubsystemPushLink } from './SubsystemPush.tsx';

afterEach(() => vi.unstubAllGlobals());

const row: SubsystemRow = {
  id: 7,
  name: '江苏省安责险信息平台',
  code: 'jsaqzrx',
  url: '',
  status: 1,
  helpContent: '',
  sort: 0,
  mechanismCount: 0,
  serviceUserId: 31,
  serviceUsername: 'svc_js',
  serviceUserNickname: '省平台对接账号',
  serviceUserRole: '保险机构中心用户',
  serviceUserActive: true,
  appKey: 'ak0123456789abcdef0123456789abcdef',
  credentialIssuedAt: '2026-01-01T00:00:00Z',
  lastUsedAt: null,
  version: 1,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};

const view = (over: Partial<PushSettingsView> = {}): PushSettingsView => ({
  subsystemId: 7,
  subsystemName: row.name,
  subsystemCode: row.code,
  pushUrl: 'https://js.example.gov.cn/aqzrx/push',
  enabled: true,
  dataKinds: ['policy'],
  version: 3,
  cursors: [
    { kind: 'policy', label: '保单', cursorAt: '2026-03-01T02:00:00.123456Z', cursorId: 812 },
    { kind: 'claim', label: '理赔', cursorAt: null, cursorId: 0 },
  ],
  lastPushAt: '2026-03-01T02:00:05Z',
  lastPushStatus: 'success',
  lastPushMessage: '已推送保单12条',
  running: false,
  problems: [],
  ...over,
});

const button = (name: RegExp) => screen.getByRole('button', { name });

describe('subsystem data push drawer', () => {
  it('shows the settings and the last run; saves with the version; 立即推送 starts a run and refreshes', async () => {
    let current = view();
    const calls = fakeApi({
      'POST /api/subsystem/push/findOne': () => current,
      'POST /api/subsystem/push/save': () => {
        current = view({ version: 4, dataKinds: ['policy', 'claim'] });
        return { version: 4 };
      },
      'POST /api/subsystem/push/run': () => {
        current = view({ version: 4, dataKinds: ['policy', 'claim'], lastPushAt: '2026-03-01T03:00:00Z' });
        return { started: true };
      },
    });
    renderScreen(<SubsystemPushDrawer subsystem={row} onClose={() => {}} />, ['query', 'get', 'edit']);
    expect(await screen.findByText('已推送保单12条')).toBeTruthy();
    expect(screen.getByText('推送成功')).toBeTruthy();
    expect(screen.getByText('保单已推送至')).toBeTruthy();
    expect(screen.getByLabelText('推送地址')).toHaveProperty('value', 'https://js.example.gov.cn/aqzrx/push');

    // The saved kinds are in the form before one is added (on a loaded machine they arrived after the click).
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: '保单' })).toHaveProperty('checked', true),
    );
    fireEvent.click(screen.getByRole('checkbox', { name: '理赔' }));
    fireEvent.click(button(/保\s*存/));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/subsystem/push/save')).toBe(true));
    const saved = calls.find((c) => c.path === '/api/subsystem/push/save')!;
    expect(saved.body).toEqual({
      subsystemId: 7,
      version: 3,
      pushUrl: 'https://js.example.gov.cn/aqzrx/push',
      enabled: true,
      dataKinds: ['policy', 'claim'],
      resetCursor: false,
    });
    expect(await screen.findByText('保存成功')).toBeTruthy();

    fireEvent.click(button(/立即推送/));
    await waitFor(() =>
      expect(
        calls.some((c) => c.path === '/api/subsystem/push/run' && c.query.get('subsystemId') === '7'),
      ).toBe(true),
    );
    expect(await screen.findByText('已开始推送，结果将在此处刷新')).toBeTruthy();
    // The new run's time appears once the drawer refreshes.
    // 03:00 UTC is 11:00 in China, whatever the browser's zone.
    const ranAt = '2026-03-01 11:00:00';
    await waitFor(() => expect(screen.getByText(ranAt)).toBeTruthy());
  });

  it('checks the form before saving: enabling needs an address and an http(s) URL', async () => {
    const calls = fakeApi({
      'POST /api/subsystem/push/findOne': () =>
        view({
          enabled: false,
          pushUrl: '',
          dataKinds: [],
          version: 0,
          lastPushAt: null,
          lastPushStatus: null,
          lastPushMessage: '',
        }),
    });
    renderScreen(<SubsystemPushDrawer subsystem={row} onClose={() => {}} />, ['get', 'edit']);
    expect(await screen.findByText('尚未推送')).toBeTruthy();
    fireEvent.click(screen.getByRole('switch'));
    fireEvent.click(button(/保\s*存/));
    expect(await screen.findByText('启用推送须填写推送地址')).toBeTruthy();
    expect(await screen.findByText('启用推送须至少选择一种推送数据')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('推送地址'), { target: { value: 'ftp://x.example.cn/' } });
    expect(await screen.findByText(/推送地址须为 http:\/\/ 或 https:\/\//)).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/subsystem/push/save')).toHaveLength(0);
  });

  it('says why it cannot push; without the edit action there are no buttons; the link needs the get action', async () => {
    fakeApi({
      'POST /api/subsystem/push/findOne': () =>
        view({ problems: ['未生成接入凭据（推送请求须以子系统密钥签名）'] }),
    });
    const { unmount } = renderScreen(<SubsystemPushDrawer subsystem={row} onClose={() => {}} />, [
      'query',
      'get',
    ]);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('当前不能推送')).toBeTruthy();
    expect(within(alert).getByText('未生成接入凭据（推送请求须以子系统密钥签名）')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /立即推送/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /保\s*存/ })).toBeNull();
    unmount();

    const { unmount: unmount2 } = renderScreen(<SubsystemPushLink subsystem={row} />, ['query']);
    expect(screen.queryByRole('button', { name: /数据推送/ })).toBeNull();
    unmount2();
    renderScreen(<SubsystemPushLink subsystem={row} />, ['query', 'get']);
    fireEvent.click(screen.getByRole('button', { name: /数据推送/ }));
    expect(await screen.findByText('数据推送：江苏省安责险信息平台')).toBeTruthy();
  });
});
