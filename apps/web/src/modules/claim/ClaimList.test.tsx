import { waitFor } from '@testing-library/react';
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
