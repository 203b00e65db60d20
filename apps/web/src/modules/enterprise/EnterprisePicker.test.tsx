import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render.tsx';
import { EnterprisePicker } from './EnterprisePicker.tsx';

const page = (list: unknown[]) =>
  new Response(
    JSON.stringify({
      error: 0,
      apiError: 0,
      result: 'ok',
      data: { page: { list, total: list.length, pageNum: 1, pageSize: 20 } },
    }),
    { status: 200, headers: { 'Content-Type': 'application/json' } },
  );
const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockImplementation(async () =>
    page([{ id: 5, name: '宿迁市恒安化工有限公司', districtName: '宿城区' }]),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('EnterprisePicker', () => {
  it('shows the chosen enterprise by name', async () => {
    renderWithApp(<EnterprisePicker value={5} onChange={vi.fn()} />);
    expect(await screen.findByText('宿迁市恒安化工有限公司（宿城区）')).toBeTruthy();
  });

  it('an id it cannot name (missing or outside the districts) is not shown as a bare number', async () => {
    const { container } = renderWithApp(<EnterprisePicker value={2} onChange={vi.fn()} />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await waitFor(() => expect(container.querySelector('.ant-select-selection-placeholder')).not.toBeNull());
    expect(container.querySelector('.ant-select-selection-item')).toBeNull();
  });
});
