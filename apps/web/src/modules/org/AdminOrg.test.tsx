import type { OrgRow } from '@aqzrx/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { actionsWidth, LIST_WIDTH_AT_1440 } from '../../components/index.ts';
import { renderWithApp } from '../../test/render.tsx';
import { signInAs, testUser } from '../../test/user.ts';
import { AdminOrg } from './AdminOrg.tsx';

const service: OrgRow = {
  id: 5,
  orgType: 'service',
  orgTypeLabel: '服务机构',
  name: '宿迁市安泰安全技术服务有限公司',
  uscc: '91321311MA20FA6G7X',
  districtCode: '321311',
  contactName: '陈安泰',
  contactPhone: '0527-84213366',
  status: 1,
  userCount: 2,
  createdAt: '2026-01-01T02:00:00.000Z',
  version: 3,
};
const enterprise: OrgRow = {
  id: 9,
  orgType: 'enterprise',
  orgTypeLabel: '企业',
  name: '宿城区远广建设集团有限公司第二工程分公司',
  uscc: '913213020XEJ2C9JLK',
  districtCode: '321302',
  contactName: '赵远广',
  contactPhone: '139****1234',
  status: 2,
  userCount: 1,
  createdAt: '2026-01-02T02:00:00.000Z',
  version: 1,
};

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const calls = (path: string) =>
  fetchMock.mock.calls
    .map(([u, init]) => ({ url: new URL(String(u), 'http://x'), init }))
    .filter((c) => c.url.pathname === `/api${path}`);
const bodyOf = (c: { init?: RequestInit | undefined }) => JSON.parse(String(c.init?.body ?? '{}'));

let answers: Record<string, () => Response>;
beforeEach(() => {
  answers = {
    '/api/sys/org/add': () => json(200, { error: 0, apiError: 0, result: '新增成功', data: { id: 11 } }),
    '/api/sys/org/save': () =>
      json(200, { error: 0, apiError: 0, result: '保存成功', data: { id: 5, version: 4 } }),
    '/api/sys/org/disable': () =>
      json(200, { error: 0, apiError: 0, result: '已停用，该机构的用户不能再登录' }),
  };
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async (input) => {
    const path = new URL(String(input), 'http://x').pathname;
    if (path === '/api/sys/org/getOrgList.json')
      return json(200, {
        error: 0,
        apiError: 0,
        result: 'ok',
        data: { list: [service, enterprise], total: 2, pageNum: 1, pageSize: 10 },
      });
    return answers[path]?.() ?? json(404, { error: 404, apiError: 404, result: `no route ${path}` });
  });
  signInAs(testUser({ permissions: { org: ['add', 'edit', 'query', 'get', 'enable', 'disable'] } }), {
    loaded: true,
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});

const ALL = ['add', 'edit', 'query', 'get', 'enable', 'disable'];
const tableOf = (container: HTMLElement) =>
  container.querySelector<HTMLTableElement>('.ant-table-content table, .ant-table-body table');
const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

describe('机构管理 list', () => {
  it('fits beside the menu at 1440 px with contacts, status and actions in view', async () => {
    const { container } = renderWithApp(<AdminOrg />, { actions: ALL });
    expect(await screen.findByText(service.name)).toBeTruthy();
    expect(Number.parseInt(tableOf(container)?.style.width ?? '', 10)).toBeLessThanOrEqual(
      LIST_WIDTH_AT_1440,
    );
    for (const header of ['机构名称', '机构类型', '所在区县', '联系人', '联系电话', '用户数', '状态', '操作'])
      expect(screen.getByRole('columnheader', { name: new RegExp(header) })).toBeTruthy();
    const row = rowOf(service.name);
    for (const text of ['陈安泰', '0527-84213366', '宿豫区', '正常', service.uscc])
      expect(within(row).getByText(text)).toBeTruthy();
    // The 操作 column keeps its links on one line.
    const th = screen.getByRole('columnheader', { name: '操作' });
    const index = [...(th.parentElement?.children ?? [])].indexOf(th);
    const col = tableOf(container)?.querySelectorAll('col')[index];
    expect(Number.parseInt(col?.style.width ?? '', 10)).toBeGreaterThanOrEqual(
      actionsWidth(['编辑', '停用']),
    );
    // Enterprises are edited in 企业管理: a suspended one offers 启用 only.
    const ent = rowOf(enterprise.name);
    expect(within(ent).queryByText('编辑')).toBeNull();
    expect(within(ent).getByText('启用')).toBeTruthy();
    expect(within(ent).getByText('停用', { selector: '.ant-tag' })).toBeTruthy();
  });

  it('shows no add, edit or status buttons without those actions', async () => {
    renderWithApp(<AdminOrg />, { actions: ['query', 'get'] });
    expect(await screen.findByText(service.name)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /新增机构/ })).toBeNull();
    expect(within(rowOf(service.name)).queryByText('编辑')).toBeNull();
    expect(within(rowOf(service.name)).queryByText('停用')).toBeNull();
    expect(within(rowOf(enterprise.name)).queryByText('启用')).toBeNull();
  });
});

describe('新增机构 / 编辑机构', () => {
  const dialog = () => screen.getByRole('dialog');
  const fill = (label: string, value: string) =>
    fireEvent.change(within(dialog()).getByLabelText(label), { target: { value } });
  const pick = async (label: string, option: string) => {
    fireEvent.mouseDown(within(dialog()).getByLabelText(label));
    fireEvent.click(await screen.findByTitle(option));
  };
  /** The modal is on its way out (jsdom never ends antd's leave animation). */
  const closing = () => document.querySelector('.ant-modal')?.classList.contains('ant-zoom-leave') ?? true;
  const saveButton = () => within(dialog()).getByRole('button', { name: /保\s*存/ });

  it('says in Chinese what to fix before sending, then adds the organisation', async () => {
    renderWithApp(<AdminOrg />, { actions: ALL });
    fireEvent.click(await screen.findByRole('button', { name: /新增机构/ }));
    await screen.findByRole('dialog');
    await pick('机构类型', '保险机构');
    fill('机构名称', '中国人寿财产保险股份有限公司宿迁中心支公司');
    fill('联系人', '钱联系');
    fill('联系电话', '1234');
    fireEvent.click(saveButton());
    expect(
      await screen.findByText('联系电话格式不正确，请输入11位手机号或座机号（如0527-84361234）'),
    ).toBeTruthy();
    expect(await screen.findByText('保险机构须填写统一社会信用代码')).toBeTruthy();
    expect(await screen.findByText('请选择所在区县')).toBeTruthy();
    expect(calls('/sys/org/add')).toHaveLength(0);

    fill('统一社会信用代码', '91321300MA1MC8D5T1');
    fill('联系电话', '0527-84361234');
    await pick('所在区县', '宿城区');
    fireEvent.click(saveButton());
    expect(await screen.findByText('统一社会信用代码格式或校验位不正确，请核对18位代码')).toBeTruthy();
    fill('统一社会信用代码', '91440300708461136T');
    fireEvent.click(saveButton());
    await waitFor(() => expect(calls('/sys/org/add')).toHaveLength(1));
    expect(bodyOf(calls('/sys/org/add')[0]!)).toEqual({
      orgType: 'insurer',
      name: '中国人寿财产保险股份有限公司宿迁中心支公司',
      uscc: '91440300708461136T',
      districtCode: '321302',
      contactName: '钱联系',
      contactPhone: '0527-84361234',
    });
    expect(await screen.findByText('新增成功')).toBeTruthy();
  });

  it('edits with the listed version, keeps the phone when left empty, and refreshes the list on 409', async () => {
    renderWithApp(<AdminOrg />, { actions: ALL });
    fireEvent.click(within(await waitFor(() => rowOf(service.name))).getByText('编辑'));
    await screen.findByRole('dialog');
    expect(within(dialog()).getByText('留空则不修改（当前 0527-84213366）')).toBeTruthy();
    fill('联系人', '陈新');
    fireEvent.click(saveButton());
    await waitFor(() => expect(calls('/sys/org/save')).toHaveLength(1));
    expect(bodyOf(calls('/sys/org/save')[0]!)).toEqual({
      id: 5,
      version: 3,
      name: service.name,
      uscc: service.uscc,
      districtCode: '321311',
      contactName: '陈新',
    });
    expect(await screen.findByText('保存成功')).toBeTruthy();
    await waitFor(() => expect(closing()).toBe(true));

    answers['/api/sys/org/save'] = () =>
      json(409, {
        error: 409,
        apiError: 409,
        result: '数据已被他人修改，请刷新后重试',
        code: 'STALE_VERSION',
      });
    const listed = calls('/sys/org/getOrgList.json').length;
    fireEvent.click(within(rowOf(service.name)).getByText('编辑'));
    await screen.findByRole('dialog');
    fill('联系电话', '13951234567');
    fireEvent.click(saveButton());
    expect(await screen.findByText('数据已被他人修改，请刷新后重试')).toBeTruthy();
    expect(bodyOf(calls('/sys/org/save')[1]!).contactPhone).toBe('13951234567');
    await waitFor(() => expect(calls('/sys/org/getOrgList.json').length).toBeGreaterThan(listed));
    await waitFor(() => expect(closing()).toBe(true));
  });

  it('停用 asks first, naming what happens to the users, and sends the id and version', async () => {
    renderWithApp(<AdminOrg />, { actions: ALL });
    fireEvent.click(within(await waitFor(() => rowOf(service.name))).getByText('停用'));
    const pop = await screen.findByRole('tooltip');
    expect(within(pop).getByText('停用后该机构的 2 个用户不能登录，已登录的立即退出。')).toBeTruthy();
    expect(calls('/sys/org/disable')).toHaveLength(0);
    fireEvent.click(within(pop).getByRole('button', { name: /停\s*用/ }));
    await waitFor(() => expect(calls('/sys/org/disable')).toHaveLength(1));
    const q = calls('/sys/org/disable')[0]!.url.searchParams;
    expect([q.get('id'), q.get('version')]).toEqual(['5', '3']);
    expect(await screen.findByText('已停用，该机构的用户不能再登录')).toBeTruthy();
  });
});
