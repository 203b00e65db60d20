import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { GrantTree } from './RoleEditor.tsx';
import { TREE } from './role-grants.fixture.ts';

function Harness({ onChange }: { onChange?: (g: Map<number, string[]>) => void }) {
  const [grants, setGrants] = useState<Map<number, string[]>>(new Map());
  const [filter, setFilter] = useState('');
  return (
    <>
      <input aria-label="filter" value={filter} onChange={(e) => setFilter(e.target.value)} />
      <GrantTree
        tree={TREE}
        grants={grants}
        filter={filter}
        height={0}
        onChange={(g) => {
          setGrants(g);
          onChange?.(g);
        }}
      />
    </>
  );
}

/** A checkbox inside the node of `component` (names repeat across roles: admin and government both have 用户管理). */
const box = (component: string, label: string) =>
  within(screen.getByTestId(`grant-${component}`)).getByRole('checkbox', { name: label }) as HTMLInputElement;
const section = (label: string) => screen.getByRole('checkbox', { name: label }) as HTMLInputElement;

describe('<GrantTree> (role editor)', () => {
  it('ticks a page with all its actions, follows with the companions and shows the folder half-ticked', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    fireEvent.click(box('UserSearch', '授权 用户管理'));
    const g = onChange.mock.calls.at(-1)![0] as Map<number, string[]>;
    expect(g.get(2)).toHaveLength(9);
    expect(g.get(3)).toEqual(['add']);
    expect(box('UserSearch', '用户管理 导出').checked).toBe(true);
    expect(box('UserSearch', '用户管理 新增').checked).toBe(true);
    // Companion pages follow the list and cannot be ticked by hand.
    expect(box('UserAdd', '授权 新增用户').checked).toBe(true);
    expect(box('UserAdd', '授权 新增用户').disabled).toBe(true);
    // The folder is only partly held (角色权限 and the grant-only node are not).
    const folder = box('/admin/system', '授权 系统管理');
    expect(folder.checked).toBe(false);
    expect(folder.closest('.ant-checkbox')?.className).toContain('ant-checkbox-indeterminate');
  });

  it('unticking the add action of the list drops the add page but keeps the others', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    fireEvent.click(box('UserSearch', '授权 用户管理'));
    fireEvent.click(box('UserSearch', '用户管理 新增'));
    expect(box('UserSearch', '用户管理 新增').checked).toBe(false);
    expect(box('UserAdd', '授权 新增用户').checked).toBe(false);
    expect(box('UserEdit', '授权 编辑用户').checked).toBe(true);
    const g = onChange.mock.calls.at(-1)![0] as Map<number, string[]>;
    expect(g.has(3)).toBe(false);
  });

  it('ticking an action of an unticked page ticks the page with only that action', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    fireEvent.click(box('AdminNotice', '通知公告 查询'));
    expect(box('AdminNotice', '授权 通知公告').checked).toBe(true);
    expect(box('AdminNotice', '通知公告 导出').checked).toBe(false);
    expect((onChange.mock.calls.at(-1)![0] as Map<number, string[]>).get(11)).toEqual(['query']);
    fireEvent.click(box('AdminNotice', '通知公告 查询'));
    expect(box('AdminNotice', '授权 通知公告').checked).toBe(false);
  });

  it('a section tick covers every menu of that role', () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    fireEvent.click(section('授权 政府监管端全部'));
    const g = onChange.mock.calls.at(-1)![0] as Map<number, string[]>;
    expect([...g.keys()].sort((a, b) => a - b)).toEqual([20, 21]);
    expect(section('授权 政府监管端全部').checked).toBe(true);
    expect(section('授权 运营中心全部').checked).toBe(false);
  });

  it('filters the tree by path or component and says so when nothing matches', () => {
    render(<Harness />);
    fireEvent.change(screen.getByLabelText('filter'), { target: { value: 'AdminNotice' } });
    const node = screen.getByTestId('grant-AdminNotice');
    expect(within(node).getByText('通知公告')).toBeTruthy();
    expect(screen.queryByTestId('grant-UserSearch')).toBeNull();
    fireEvent.change(screen.getByLabelText('filter'), { target: { value: 'nothing-like-this' } });
    expect(screen.getByText('没有匹配的资源')).toBeTruthy();
  });
});
