import type { ClassItem } from '@aqzrx/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../../platform/auth.ts';
import { renderWithApp } from '../../test/render.tsx';
import { signInAs, testUser } from '../../test/user.ts';
import { ClassManager } from './ClassManager.tsx';

const cls = (id: number, name: string, count: number): ClassItem => ({
  id,
  kind: 'help',
  name,
  sort: id * 10,
  remark: '',
  count,
  version: 1,
});

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
const deletes = () => fetchMock.mock.calls.filter(([u]) => String(u).includes('delHelpClass'));

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async (input) =>
    String(input).includes('delHelpClass')
      ? json({ error: 0, apiError: 0, result: '删除成功' })
      : json({ error: 0, apiError: 0, result: 'ok', data: [cls(1, '平台使用', 1), cls(2, '旧分类', 0)] }),
  );
  signInAs(testUser({ permissions: { contentClass: ['edit', 'delete'] } }), { loaded: true });
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  authStore.set({ ...authStore.get(), user: null, loaded: false });
});

const deleteLinkOf = (name: string) => {
  const row = screen.getByText(name).closest('tr')!;
  return [...row.querySelectorAll('a')].find((a) => a.textContent === '删除')!;
};

describe('help classes', () => {
  it('a class still holding articles offers only 知道了, and nothing is sent', async () => {
    renderWithApp(<ClassManager kind="Help" title="帮助分类" />);
    await screen.findByText('平台使用');
    fireEvent.click(deleteLinkOf('平台使用'));
    expect(await screen.findByText('该分类下还有 1 条已发布文章，请先移走再删除。')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /确\s*定/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /取\s*消/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '知道了' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(deletes()).toHaveLength(0);
  });

  it('an empty class is deleted after confirming', async () => {
    renderWithApp(<ClassManager kind="Help" title="帮助分类" />);
    await screen.findByText('旧分类');
    fireEvent.click(deleteLinkOf('旧分类'));
    fireEvent.click(await screen.findByRole('button', { name: /删\s*除/ }));
    await waitFor(() => expect(deletes()).toHaveLength(1));
  });
});
