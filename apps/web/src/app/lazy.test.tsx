import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browser } from '../platform/feedback.ts';
import { CHUNK_TIMEOUT_MS, ChunkLoadError, isChunkLoadError, lazyScreen, withTimeout } from './lazy.ts';
import { RouteError } from './RouteError.tsx';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('chunk loading (spec 8, 9)', () => {
  it('times out after 120 s', async () => {
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
    vi.useFakeTimers();
    const p = withTimeout(new Promise(() => undefined)).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS);
    expect(await p).toBeInstanceOf(ChunkLoadError);
  });

  it('turns an import failure into a chunk load error', async () => {
    const err = await withTimeout(
      Promise.reject(new TypeError('Failed to fetch dynamically imported module: /a.js')),
    ).catch((e: unknown) => e);
    expect(isChunkLoadError(err)).toBe(true);
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new Error('something else'))).toBe(false);
  });

  it('a route whose screen fails to load shows 加载失败 with 重试', async () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    const router = createMemoryRouter(
      [
        {
          path: '/',
          errorElement: <RouteError />,
          lazy: lazyScreen(
            () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /x.js')),
            () => () => null,
          ),
        },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('加载失败')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
