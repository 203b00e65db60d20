/** Helpers for the widget tests (not part of the app bundle: only *.test.tsx import this). */
import { type RenderResult, render } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import type { ReactElement, ReactNode } from 'react';
import { afterEach, beforeEach, expect, type MockInstance, vi } from 'vitest';

/** Fails the test when React or antd logged an error (warnings about misuse go to console.error). */
export function failOnConsoleError(): void {
  let spy: MockInstance<typeof console.error> | undefined;
  beforeEach(() => {
    spy = vi.spyOn(console, 'error');
  });
  afterEach(() => {
    const calls = spy?.mock.calls ?? [];
    vi.restoreAllMocks();
    expect(calls).toEqual([]);
  });
}

/** The app's antd setup: Chinese locale; motion off so closed popups are hidden at once. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={{ token: { motion: false } }}>
      {children}
    </ConfigProvider>
  );
}

export function renderWithProviders(ui: ReactElement): RenderResult {
  return render(ui, { wrapper: Providers });
}
