import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../test/fake-api.tsx';
import { renderWithApp } from '../test/render.tsx';
import { MaskedPhone } from './masked-phone.tsx';
import { setToken } from './storage.ts';

afterEach(() => vi.unstubAllGlobals());

describe('MaskedPhone', () => {
  it('shows the masked number; 查看 asks the server once and shows the full number as a tel: link', async () => {
    setToken('tok');
    const calls = fakeApi({ 'POST /api/pii/reveal': () => ({ value: '13905275678' }) });
    renderWithApp(
      <MaskedPhone value="139****5678" reveal={{ kind: 'claim', id: 7, field: 'reporterPhone' }} />,
    );
    expect((await screen.findByTestId('phone-masked')).textContent).toContain('139****5678');
    expect(screen.queryByTestId('phone-full')).toBeNull();
    expect(calls).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: '查看' }));
    const link = (await screen.findByTestId('phone-full')) as HTMLAnchorElement;
    expect(link.textContent).toBe('13905275678');
    expect(link.getAttribute('href')).toBe('tel:13905275678');
    expect(calls.map((c) => [c.path, c.body])).toEqual([
      ['/api/pii/reveal', { kind: 'claim', id: 7, field: 'reporterPhone' }],
    ]);
  });

  it('a refused reveal (out of scope) keeps the masked number', async () => {
    setToken('tok');
    fakeApi({
      'POST /api/pii/reveal': () =>
        new Response(JSON.stringify({ error: 1, apiError: 1, result: '理赔案件不存在', data: null }), {
          status: 404,
          headers: { 'Content-Type': 'application/json' },
        }),
    });
    renderWithApp(
      <MaskedPhone value="139****5678" reveal={{ kind: 'claim', id: 8, field: 'reporterPhone' }} />,
    );
    fireEvent.click(await screen.findByRole('button', { name: '查看' }));
    // The refusal is shown by the API client; the number stays masked.
    expect(await screen.findByText('理赔案件不存在')).toBeTruthy();
    expect(screen.queryByTestId('phone-full')).toBeNull();
    expect(screen.getByTestId('phone-masked').textContent).toContain('139****5678');
  });

  it('a landline (not masked) is a tel: link at once; no number shows the placeholder', () => {
    renderWithApp(
      <>
        <MaskedPhone value="0527-84361234" reveal={{ kind: 'training', id: 1, field: 'contactPhone' }} />
        <span data-testid="none">
          <MaskedPhone value="" reveal={{ kind: 'training', id: 1, field: 'contactPhone' }} />
        </span>
      </>,
    );
    expect(screen.getByTestId('phone-full').getAttribute('href')).toBe('tel:052784361234');
    expect(screen.getByTestId('none').textContent).toBe('-');
    expect(screen.queryByRole('button', { name: '查看' })).toBeNull();
  });
});
