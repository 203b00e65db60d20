import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PrintFooter } from './PrintFooter.tsx';

afterEach(() => vi.useRealTimers());

describe('PrintFooter (A4 print footer)', () => {
  it('names the platform and the China time the print started', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T02:00:00Z'));
    const { container } = render(<PrintFooter />);
    const footer = container.querySelector('.aq-print-footer')!;
    expect(footer.textContent).toBe('宿迁市安全生产责任保险监管服务平台　打印时间 2026-11-28 10:00');
    vi.setSystemTime(new Date('2026-11-28T03:30:00Z'));
    act(() => {
      window.dispatchEvent(new Event('beforeprint'));
    });
    expect(footer.textContent).toContain('打印时间 2026-11-28 11:30');
  });
});
