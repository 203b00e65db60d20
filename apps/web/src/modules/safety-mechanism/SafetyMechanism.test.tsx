import type { MechanismRow } from '@aqzrx/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderScreen } from '../../test/fake-api.tsx';
import { MechanismApis } from './MechanismApis.tsx';
import { badIpEntry, MechanismFormModal, SafetyMechanism } from './SafetyMechanism.tsx';

afterEach(() => vi.unstubAllGlobals());

const row: MechanismRow = {
  id: 7,
  name: '双重预防对接',
  orderNo: 'SM-01',
  subsystemId: null,
  subsystemName: '',
  status: 1,
  ipAllowlist: [],
  ratePerMinute: 60,
  remark: '',
  apiCount: 1,
  version: 3,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};

describe('safety mechanism form', () => {
  it('checks the order number on blur and names a taken one; a free one passes', async () => {
    const calls = fakeApi({
      'POST /api/safetymechanism/checkOrderNo': (c) => ({ available: c.query.get('orderNo') !== 'SM-01' }),
    });
    const onSubmit = vi.fn();
    renderScreen(
      <MechanismFormModal
        editing="new"
        subsystemOptions={[]}
        saving={false}
        onCancel={() => {}}
        onSubmit={onSubmit}
      />,
      ['add'],
    );
    const input = await screen.findByPlaceholderText('例如 SM-001');
    fireEvent.change(input, { target: { value: 'SM-01' } });
    expect(calls).toHaveLength(0); // typing alone does not ask the server
    fireEvent.blur(input);
    expect(await screen.findByText('编号 SM-01 已被其他安全机制使用，请换一个编号')).toBeTruthy();
    expect(calls[0]?.query.get('orderNo')).toBe('SM-01');
    expect(calls[0]?.query.has('id')).toBe(false);

    fireEvent.change(input, { target: { value: 'SM 02' } });
    fireEvent.blur(input);
    expect(await screen.findByText('编号只能包含字母、数字、下划线和短横线')).toBeTruthy();
    expect(calls).toHaveLength(1); // a malformed number is not sent

    fireEvent.change(input, { target: { value: 'SM-02' } });
    fireEvent.blur(input);
    await waitFor(() => expect(screen.queryByText(/已被其他安全机制使用/)).toBeNull());
    fireEvent.change(screen.getByLabelText('机制名称'), { target: { value: '执法系统接口' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      orderNo: 'SM-02',
      name: '执法系统接口',
      ratePerMinute: 60,
      ipAllowlist: [],
      subsystemId: null,
    });
  });

  it('sends its own id when editing, so keeping the current number is allowed', async () => {
    const calls = fakeApi({ 'POST /api/safetymechanism/checkOrderNo': () => ({ available: true }) });
    renderScreen(
      <MechanismFormModal
        editing={row}
        subsystemOptions={[]}
        saving={false}
        onCancel={() => {}}
        onSubmit={() => {}}
      />,
      ['edit'],
    );
    const input = await screen.findByDisplayValue('SM-01');
    fireEvent.blur(input);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.query.get('id')).toBe('7');
  });

  it('refuses an allowlist entry that is not an address or CIDR block', () => {
    expect(badIpEntry(['10.1.2.3', '10.1.0.0/16', '::1', '2001:db8::/32'])).toBeNull();
    expect(badIpEntry(['10.1.2.3', '10.1.2.300'])).toBe('10.1.2.300');
    expect(badIpEntry(['10.0.0.0/33'])).toBe('10.0.0.0/33');
    expect(badIpEntry(['example.com'])).toBe('example.com');
  });
});

describe('API entries of a mechanism (two-sided selection)', () => {
  function api() {
    let attached = [
      { method: 'POST', url: '/api/dict/findAll', permission: 'authenticated', registered: true },
    ];
    let free = [
      { method: 'POST', url: '/api/dict/add', permission: 'dict.add', registered: true },
      { method: 'GET', url: '/api/public/settings', permission: 'public', registered: true },
    ];
    return fakeApi({
      'GET /api/safetymechanism/listSysApiInfos': () => ({ list: attached }),
      'GET /api/safetymechanism/listNoneSysApiInfos': () => ({ list: free }),
      'POST /api/safetymechanism/addSysApiInfos': (c) => {
        const apis = (c.body as { apis: { url: string }[] }).apis;
        attached = [...attached, ...free.filter((f) => apis.some((a) => a.url === f.url))];
        free = free.filter((f) => !apis.some((a) => a.url === f.url));
        return { added: apis.length };
      },
      'POST /api/safetymechanism/delSysApiInfos': (c) => ({
        removed: (c.body as { apis: unknown[] }).apis.length,
      }),
    });
  }

  const transferButton = (text: string) => {
    const b = screen.getAllByRole('button').find((x) => x.textContent?.replace(/\s/g, '') === text);
    if (!b) throw new Error(`no button ${text}`);
    return b;
  };
  const lists = () => document.querySelectorAll<HTMLElement>('.ant-transfer-list');

  it('assigns the checked entries to the mechanism and shows them on the right', async () => {
    const calls = api();
    const onChanged = vi.fn();
    renderScreen(<MechanismApis mechanism={row} onClose={() => {}} onChanged={onChanged} />, [
      'query',
      'edit',
    ]);
    expect(await screen.findByText('/api/dict/add')).toBeTruthy();
    expect(within(lists()[1]!).getByText('/api/dict/findAll')).toBeTruthy();
    expect(within(lists()[0]!).getByText('公开')).toBeTruthy(); // public route labelled

    fireEvent.click(within(lists()[0]!).getByText('/api/dict/add'));
    fireEvent.click(transferButton('关联'));
    await screen.findByText('已关联 1 个接口');
    const add = calls.find((c) => c.path === '/api/safetymechanism/addSysApiInfos');
    expect(add?.body).toEqual({ mechanismId: 7, apis: [{ method: 'POST', url: '/api/dict/add' }] });
    await waitFor(() => expect(within(lists()[1]!).getByText('/api/dict/add')).toBeTruthy());
    expect(within(lists()[0]!).queryByText('/api/dict/add')).toBeNull();
    expect(onChanged).toHaveBeenCalled();
  });

  it('removes entries from the mechanism', async () => {
    const calls = api();
    renderScreen(<MechanismApis mechanism={row} onClose={() => {}} onChanged={() => {}} />, [
      'query',
      'edit',
    ]);
    fireEvent.click(await screen.findByText('/api/dict/findAll'));
    fireEvent.click(transferButton('取消关联'));
    await screen.findByText('已取消关联 1 个接口');
    const del = calls.find((c) => c.path === '/api/safetymechanism/delSysApiInfos');
    expect(del?.body).toEqual({ mechanismId: 7, apis: [{ method: 'POST', url: '/api/dict/findAll' }] });
    await waitFor(() => expect(within(lists()[0]!).getByText('/api/dict/findAll')).toBeTruthy());
  });

  it('says 暂无接口 only once the lists have come, not while they load', async () => {
    api();
    renderScreen(<MechanismApis mechanism={row} onClose={() => {}} onChanged={() => {}} />, ['query']);
    expect(lists().length).toBe(2);
    expect(screen.queryByText('暂无接口')).toBeNull();
    await screen.findByText('/api/dict/add');
    expect(screen.queryByText('暂无接口')).toBeNull();
  });

  it('is read-only without the edit action', async () => {
    api();
    renderScreen(<MechanismApis mechanism={row} onClose={() => {}} onChanged={() => {}} />, ['query']);
    await screen.findByText('/api/dict/add');
    const buttons = screen.getAllByRole('button').filter((b) => /关联/.test(b.textContent ?? ''));
    expect(buttons.length).toBeGreaterThan(0);
    for (const b of buttons) expect((b as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('<SafetyMechanism> row actions', () => {
  const listApi = () =>
    fakeApi({
      'POST /api/safetymechanism/findAll': () => ({ list: [row], total: 1, pageNum: 1, pageSize: 10 }),
      'POST /api/subsystem/list': () => ({ list: [], total: 0, pageNum: 1, pageSize: 500 }),
    });

  it('关联接口 is shown with the edit action', async () => {
    listApi();
    renderScreen(<SafetyMechanism />, ['query', 'edit']);
    expect(await screen.findByRole('button', { name: /关联接口/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /查看接口/ })).toBeNull();
  });

  it('without edit there is no 关联接口; the entries can still be looked at', async () => {
    listApi();
    renderScreen(<SafetyMechanism />, ['query']);
    expect(await screen.findByRole('button', { name: /查看接口/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /关联接口/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /编\s*辑/ })).toBeNull();
  });
});
