import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render.tsx';
import { PolicyList } from './PolicyList.tsx';
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
