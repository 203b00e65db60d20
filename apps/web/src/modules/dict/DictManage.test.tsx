import type { DictNode } from '@aqzrx/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderScreen } from '../../test/fake-api.tsx';
import { DictManage } from './DictManage.tsx';

afterEach(() => vi.unstubAllGlobals());

const node = (id: number, code: string, name: string, value = '', children: DictNode[] = []): DictNode => ({
  id,
  parentId: null,
  pid: '',
  code,
  name,
  value,
  sort: 0,
  status: 1,
  remark: '',
  isSystem: true,
  areaCodes: [],
  version: 1,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  children,
});

function dictApi() {
  const categories = [node(2, '032', '事故类型'), node(5, '035', '结案类型')];
  const entries: Record<string, DictNode[]> = {
    '032': [node(10, '03201', '物体打击', '01'), node(11, '03220', '其他伤害', '20')],
    '035': [node(20, '03501', '赔付结案', '401', [node(21, '0350101', '部分赔付', '4011')])],
  };
  return fakeApi({
    'POST /api/dict/findAll': (c) =>
      c.query.get('tree') === 'true'
        ? { list: entries[c.query.get('pid') ?? ''] ?? [] }
        : { list: c.query.get('pid') === '031' ? categories : [] },
    'POST /api/dict/add': () => ({ id: 99 }),
    'POST /api/dict/delete': () => null,
    'POST /api/manage/patient/getProvince.json': () => ({ dictList: [{ code: '320000', name: '江苏省' }] }),
    'POST /api/manage/patient/getChildren.json': () => ({ cityList: [{ code: '321300', name: '宿迁市' }] }),
    'POST /api/manage/patient/getDistrictChildren.json': () => ({
      districtList: [{ code: '321302', name: '宿城区' }],
    }),
  });
}

describe('dictionary screen', () => {
  it('lists the categories, opens the first, and adds an entry with a suggested code', async () => {
    const calls = dictApi();
    renderScreen(<DictManage />, ['add', 'edit', 'delete', 'query']);
    expect(await screen.findByText('事故类型（032）')).toBeTruthy();
    expect(await screen.findByText('物体打击')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /新增字典项/ }));
    const code = (await screen.findByLabelText('字典编码')) as HTMLInputElement;
    expect(code.value).toBe('03221'); // after the highest 032nn code
    fireEvent.change(screen.getByLabelText('字典名称'), { target: { value: '职业中毒' } });
    fireEvent.change(screen.getByLabelText('字典值'), { target: { value: '21' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await screen.findByText('新增成功');
    expect(calls.find((c) => c.path === '/api/dict/add')?.body).toEqual({
      pid: '032',
      code: '03221',
      name: '职业中毒',
      value: '21',
      sort: 0,
      status: 1,
      remark: '',
    });
  });

  it('tells what to fix in a bad code and sends nothing', async () => {
    const calls = dictApi();
    renderScreen(<DictManage />, ['add']);
    await screen.findByText('物体打击');
    fireEvent.click(screen.getByRole('button', { name: /新增字典项/ }));
    fireEvent.change(await screen.findByLabelText('字典编码'), { target: { value: '032 21' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('字典编码只能包含字母、数字、点、下划线和短横线')).toBeTruthy();
    expect(await screen.findByText('请输入字典名称')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/dict/add')).toBe(false);
  });

  it('switches category; an entry with sub-entries cannot be deleted; deleting a leaf asks first', async () => {
    const calls = dictApi();
    renderScreen(<DictManage />, ['add', 'edit', 'delete', 'query']);
    fireEvent.click(await screen.findByTestId('dict-category-035'));
    const row = (await screen.findByText('赔付结案')).closest('tr')!;
    expect(
      within(row)
        .getByRole('button', { name: /删\s*除/ })
        .hasAttribute('disabled'),
    ).toBe(true);

    fireEvent.click(within(row).getByRole('button', { name: '展开行' }));
    const leaf = (await screen.findByText('部分赔付')).closest('tr')!;
    fireEvent.click(within(leaf).getByRole('button', { name: /删\s*除/ }));
    expect(await screen.findByText('确认删除“部分赔付”？')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/dict/delete')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls.find((c) => c.path === '/api/dict/delete')?.query.get('id')).toBe('21'));
  });

  it('shows no add, edit or delete buttons to a role that only queries', async () => {
    dictApi();
    renderScreen(<DictManage />, ['query']);
    await screen.findByText('物体打击');
    expect(screen.queryByRole('button', { name: /新增字典项/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /编\s*辑/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /删\s*除/ })).toBeNull();
  });
});
