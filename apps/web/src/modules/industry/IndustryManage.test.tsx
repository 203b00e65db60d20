import type { IndustryNode } from '@aqzrx/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderScreen } from '../../test/fake-api.tsx';
import { childRows, IndustryManage } from './IndustryManage.tsx';

afterEach(() => vi.unstubAllGlobals());

const ind = (
  id: number,
  pid: number,
  code: string,
  name: string,
  extra: Partial<IndustryNode> = {},
): IndustryNode => ({
  id,
  pid,
  code,
  name,
  level: 1,
  isHighRisk: false,
  mustInsure: false,
  sort: 0,
  status: 1,
  remark: '',
  isSystem: true,
  version: 1,
  children: [],
  ...extra,
});

const mining = ind(20, 10, 'AQ01', '矿山', {
  isHighRisk: true,
  mustInsure: true,
  children: [ind(21, 20, 'AQ0101', '煤矿')],
});
const aq = ind(10, 1, 'AQ', '安全生产行业领域', { children: [mining] });

describe('industry tree', () => {
  it('childRows keeps direct children, marks who has more below and passes must-insure down', () => {
    const rows = childRows([aq], false);
    expect(rows).toEqual([
      expect.objectContaining({ id: 10, hasChildren: true, children: [], inheritedMustInsure: false }),
    ]);
    const below = childRows(mining.children, true);
    expect(below[0]).toMatchObject({ id: 21, hasChildren: false, inheritedMustInsure: true });
    expect(below[0]).not.toHaveProperty('children');
  });

  it('loads each level by pid when it is expanded and shows inherited must-insure', async () => {
    const calls = fakeApi({
      'POST /api/industry/findByPid': (c) => {
        const pid = Number(c.query.get('pid'));
        return { industryList: pid === 1 ? [aq] : pid === 10 ? [mining] : pid === 20 ? mining.children : [] };
      },
    });
    renderScreen(<IndustryManage />, ['query']);
    const top = (await screen.findByText('安全生产行业领域')).closest('tr')!;
    expect(calls.map((c) => c.query.get('pid'))).toEqual(['1']);
    expect(calls[0]!.query.get('all')).toBe('true');
    expect(screen.queryByText('矿山')).toBeNull();

    fireEvent.click(within(top).getByRole('button', { name: '展开行' }));
    const row = (await screen.findByText('矿山')).closest('tr')!;
    expect(within(row).getByText('高危')).toBeTruthy();
    expect(calls.map((c) => c.query.get('pid'))).toEqual(['1', '10']);

    fireEvent.click(within(row).getByRole('button', { name: '展开行' }));
    const coal = (await screen.findByText('煤矿')).closest('tr')!;
    expect(within(coal).getByText('须投保（继承）')).toBeTruthy();
    await waitFor(() => expect(calls.map((c) => c.query.get('pid'))).toEqual(['1', '10', '20']));
    // No buttons for a role that only queries.
    expect(screen.queryByRole('button', { name: /新增下级/ })).toBeNull();
  });

  it('edits a row with its stored fields and saves them with id and version; a parent cannot be deleted', async () => {
    const calls = fakeApi({
      'POST /api/industry/findByPid': () => ({ industryList: [aq] }),
      'POST /api/industry/update': () => null,
    });
    renderScreen(<IndustryManage />, ['query', 'add', 'edit', 'delete']);
    const top = (await screen.findByText('安全生产行业领域')).closest('tr')!;
    expect(
      within(top)
        .getByRole('button', { name: /删\s*除/ })
        .hasAttribute('disabled'),
    ).toBe(true);

    fireEvent.click(within(top).getByRole('button', { name: /编\s*辑/ }));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByLabelText('行业名称') as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('安全生产行业领域'));
    // A preset industry keeps its code.
    expect((within(dialog).getByLabelText('行业代码') as HTMLInputElement).disabled).toBe(true);
    fireEvent.change(name, { target: { value: '安全生产行业' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));

    await waitFor(() => expect(calls.some((c) => c.path === '/api/industry/update')).toBe(true));
    expect(calls.find((c) => c.path === '/api/industry/update')!.body).toEqual({
      code: 'AQ',
      name: '安全生产行业',
      isHighRisk: false,
      mustInsure: false,
      sort: 0,
      status: 1,
      remark: '',
      id: 10,
      version: 1,
    });
  });
});
