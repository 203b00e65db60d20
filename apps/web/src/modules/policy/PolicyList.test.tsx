import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render.tsx';
import { PolicyList } from './PolicyList.tsx';
import { policyRowFixture } from './test-fixtures.ts';
import { withUser } from './test-user.ts';

const ok = (data: unknown) =>
  new Response(JSON.stringify({ error: 0, apiError: 0, result: 'ok', data }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

function stubList() {
  const states: Array<string | null> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/api/policy/list') states.push(url.searchParams.get('state'));
      return ok({ page: { list: [], total: 0, pageNum: 1 } });
    }),
  );
  return states;
}

withUser({ policy: ['query', 'get'] });
afterEach(() => vi.unstubAllGlobals());

describe('PolicyList opened from a link', () => {
  it('starts filtered by ?state= and shows the state in the 状态 filter', async () => {
    const states = stubList();
    renderWithApp(<PolicyList variant="insurer" />, { path: '/list?state=submitted' });
    await waitFor(() => expect(states).toEqual(['submitted']));
    expect(await screen.findByTitle('待审核')).toBeTruthy();
  });

  it('ignores a state the list does not offer', async () => {
    const states = stubList();
    renderWithApp(<PolicyList variant="insurer" />, { path: '/list?state=bogus' });
    await waitFor(() => expect(states).toEqual([null]));
  });
});

describe('PolicyList with more policies than the server counts', () => {
  it('shows the capped total as "10,000+ 条" (issue 18)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        ok({ page: { list: [policyRowFixture({ id: 7 })], total: 10_000, totalCapped: true, pageNum: 1 } }),
      ),
    );
    renderWithApp(<PolicyList variant="insurer" />, { path: '/list' });
    expect(await screen.findByText('第 1-10 条/总共 10,000+ 条')).toBeTruthy();
  });
});
