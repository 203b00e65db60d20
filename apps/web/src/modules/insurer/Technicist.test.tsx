import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiStub, ok, renderScreen } from '../../test/api-stub.tsx';
import type { TechnicistRow } from './api.ts';
import { Technicist } from './Technicist.tsx';
import { TechnicistForm } from './TechnicistForm.tsx';

// 11010519491231002X is the GB 11643 standard's own example number.
const GOOD_ID = '11010519491231002x';
const BAD_ID = '110105194912310021';

const row: TechnicistRow = {
  id: 7,
  staffType: 2,
  name: '李安全',
  idType: '03',
  idNo: 'E1****5678',
  mobile: '139****5678',
  title: '注册安全工程师',
  education: '本科',
  major: '安全工程',
  employer: '宿迁市安泰安全技术服务有限公司',
  years: 8,
  serviceItems: ['01', '03'],
  status: 1,
  version: 2,
  updatedAt: '2025-05-01T02:00:00.000Z',
};

afterEach(() => vi.unstubAllGlobals());

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));

describe('TechnicistForm', () => {
  it('refuses an ID number that fails GB 11643 and sends a good one upper-cased', async () => {
    const onAdd = vi.fn();
    renderScreen(<TechnicistForm open onCancel={() => {}} onAdd={onAdd} onEdit={vi.fn()} />, []);
    await screen.findByText('新增技术人员');
    type('姓名', '王测试');
    type('证件号码', BAD_ID);
    type('手机号', '13812345678');
    save();
    expect(await screen.findByText('身份证号码格式或校验位不正确，请核对18位号码')).toBeTruthy();
    expect(onAdd).not.toHaveBeenCalled();

    type('证件号码', GOOD_ID);
    fireEvent.click(screen.getByLabelText('外聘'));
    fireEvent.click(screen.getByLabelText('安全生产标准化建设'));
    save();
    await waitFor(() => expect(onAdd).toHaveBeenCalledTimes(1));
    expect(onAdd.mock.calls[0]![0]).toEqual({
      staffType: 2,
      name: '王测试',
      idType: '01',
      idNo: '11010519491231002X',
      mobile: '13812345678',
      title: '',
      education: '',
      major: '',
      employer: '',
      years: 0,
      serviceItems: ['04'],
      status: 1,
    });
  });

  it('other ID kinds need 4-30 characters, not the resident ID check', async () => {
    const onAdd = vi.fn();
    renderScreen(<TechnicistForm open onCancel={() => {}} onAdd={onAdd} onEdit={vi.fn()} />, []);
    await screen.findByText('新增技术人员');
    fireEvent.mouseDown(screen.getByLabelText('证件类型'));
    fireEvent.click(await screen.findByText('护照'));
    type('姓名', '王测试');
    type('证件号码', 'E12');
    type('手机号', '13812345678');
    save();
    expect(await screen.findByText('请输入证件号码')).toBeTruthy();
    type('证件号码', 'E12345678');
    save();
    await waitFor(() => expect(onAdd).toHaveBeenCalledTimes(1));
    expect(onAdd.mock.calls[0]![0]).toMatchObject({ idType: '03', idNo: 'E12345678' });
  });

  it('edit leaves the masked ID and mobile out unless retyped; switching to 居民身份证 needs the number', async () => {
    const onEdit = vi.fn();
    renderScreen(
      <TechnicistForm open record={row} onCancel={() => {}} onAdd={vi.fn()} onEdit={onEdit} />,
      [],
    );
    await screen.findByText('编辑技术人员');
    expect(screen.getByText('当前：E1****5678，不修改请留空')).toBeTruthy();
    type('职务/职称', '高级工程师');
    save();
    await waitFor(() => expect(onEdit).toHaveBeenCalledTimes(1));
    const sent = onEdit.mock.calls[0]![0] as Record<string, unknown>;
    expect(sent).toMatchObject({ id: 7, version: 2, title: '高级工程师', idType: '03', staffType: 2 });
    expect(sent).not.toHaveProperty('idNo');
    expect(sent).not.toHaveProperty('mobile');

    fireEvent.mouseDown(screen.getByLabelText('证件类型'));
    fireEvent.click(await screen.findByText('居民身份证'));
    save();
    expect(await screen.findByText('证件类型改为居民身份证时须重新填写证件号码')).toBeTruthy();
    expect(onEdit).toHaveBeenCalledTimes(1);
  });
});

describe('技术人员 (Technicist)', () => {
  function stub() {
    const s = apiStub({
      '/api/technicist/list': () => ok({ page: { list: [row], total: 1, pageNum: 1, pageSize: 10 } }),
      '/api/technicist/revealIdNo': () => ok({ id: 7, idNo: 'E12345678', mobile: '13912345678' }),
      '/api/technicist/delete': () => ok(null, '删除成功'),
    });
    vi.stubGlobal('fetch', s.fetchMock);
    return s;
  }

  it('lists masked IDs, reveals one through the audited call, deletes after confirmation', async () => {
    const s = stub();
    renderScreen(<Technicist />, ['query', 'get', 'add', 'edit', 'delete']);
    const cell = await screen.findByTestId('tech-id-7');
    expect(cell.textContent).toBe('E1****5678');
    const tr = within(cell.closest('tr') as HTMLElement);
    expect(tr.getByText('外聘')).toBeTruthy();
    expect(tr.getByText('139****5678')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '查看完整证件号码' }));
    await waitFor(() => expect(screen.getByTestId('tech-id-7').textContent).toBe('E12345678'));
    expect(s.callsTo('/api/technicist/revealIdNo')[0]!.query.get('id')).toBe('7');

    fireEvent.click(screen.getByRole('button', { name: /删\s*除/ }));
    const pop = await screen.findByText('确定删除技术人员“李安全”吗？');
    expect(s.callsTo('/api/technicist/delete')).toHaveLength(0);
    const popover = pop.closest('.ant-popover') as HTMLElement;
    fireEvent.click(within(popover).getByRole('button', { name: /删\s*除/ }));
    await waitFor(() => expect(s.callsTo('/api/technicist/delete')).toHaveLength(1));
    const q = s.callsTo('/api/technicist/delete')[0]!.query;
    expect([q.get('id'), q.get('version')]).toEqual(['7', '2']);
    expect(await screen.findByText('删除成功')).toBeTruthy();
  });

  it('a role with query only sees no add, edit, delete or reveal buttons', async () => {
    stub();
    renderScreen(<Technicist />, ['query']);
    await screen.findByTestId('tech-id-7');
    expect(screen.queryByRole('button', { name: /新\s*增/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /编\s*辑/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /删\s*除/ })).toBeNull();
    expect(screen.queryByRole('button', { name: '查看完整证件号码' })).toBeNull();
  });
});
