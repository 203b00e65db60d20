import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render.tsx';
import { ClaimList } from './ClaimList.tsx';

const ok = (data: unknown) =>
  new Response(JSON.stringify({ error: 0, apiError: 0, result: 'ok', data }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

function stubList() {
  const flags: Array<string | null> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/claim/list') {
        flags.push(url.searchParams.get('flag'));
        return ok({ page: { list: [], total: 0, pageNum: 1 } });
      }
      if (url.pathname === '/api/claim/counts') return ok({ total: 0, late: 3, unpaid: 7, phases: {} });
      return ok({ claimUnpaidFlagDays: 30 });
    }),
  );
  return flags;
}

afterEach(() => vi.unstubAllGlobals());

describe('ClaimList opened from a link', () => {
  it('opens the tab of ?flag= (逾期报案, 超期未付)', async () => {
    const late = stubList();
    const a = renderWithApp(<ClaimList who="insurer" />, { path: '/list?flag=late' });
    await waitFor(() => expect(late).toEqual(['late']));
    expect(a.container.querySelector('.ant-tabs-tab-active')?.textContent).toContain('逾期报案');
    a.unmount();
    const unpaid = stubList();
    const b = renderWithApp(<ClaimList who="insurer" />, { path: '/list?flag=unpaid' });
    await waitFor(() => expect(unpaid).toEqual(['unpaid']));
    expect(b.container.querySelector('.ant-tabs-tab-active')?.textContent).toContain('超期未付');
  });

  it('the enterprise has no 超期未付 tab: ?flag=unpaid opens 全部', async () => {
    const flags = stubList();
    renderWithApp(<ClaimList who="enterprise" />, { path: '/list?flag=unpaid' });
    await waitFor(() => expect(flags).toEqual([null]));
  });
});

describe('ClaimList 报案日期 filter', () => {
  it('sends the chosen days as reportFrom/reportTo to the list and the counts', async () => {
    const seen: Array<{ path: string; q: URLSearchParams }> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = new URL(String(input), 'http://localhost');
        seen.push({ path: url.pathname, q: url.searchParams });
        if (url.pathname === '/api/claim/list') return ok({ page: { list: [], total: 0, pageNum: 1 } });
        if (url.pathname === '/api/claim/counts') return ok({ total: 0, late: 0, unpaid: 0, phases: {} });
        return ok({ claimUnpaidFlagDays: 30 });
      }),
    );
    renderWithApp(<ClaimList who="insurer" />, { path: '/list' });
    await waitFor(() => expect(seen.some((c) => c.path === '/api/claim/list')).toBe(true));
    const expand = screen.queryByText('展开');
    if (expand) fireEvent.click(expand);
    const item = (await screen.findByText('报案日期')).closest('.ant-form-item') as HTMLElement;
    const [from, to] = within(item).getAllByRole('textbox') as HTMLInputElement[];
    fireEvent.mouseDown(from!);
    fireEvent.change(from!, { target: { value: '2026-03-01' } });
    fireEvent.keyDown(from!, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.mouseDown(to!);
    fireEvent.change(to!, { target: { value: '2026-03-31' } });
    fireEvent.keyDown(to!, { key: 'Enter', code: 'Enter', keyCode: 13 });
    fireEvent.blur(to!);
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(from!.value).toBe('2026-03-01'));
    expect(to!.value).toBe('2026-03-31');
    const withRange = (path: string) =>
      seen.find((c) => c.path === path && c.q.get('reportFrom') === '2026-03-01');
    await waitFor(() => expect(withRange('/api/claim/list')).toBeTruthy());
    expect(withRange('/api/claim/list')!.q.get('reportTo')).toBe('2026-03-31');
    await waitFor(() => expect(withRange('/api/claim/counts')?.q.get('reportTo')).toBe('2026-03-31'));
  });
});
