import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bindFeedback, feedback } from '../platform/feedback.ts';
import { DEFAULT_LAYOUT_SETTINGS, layoutSettings, loadSettings } from '../platform/layout-settings.ts';
import { renderWithApp } from '../test/render.tsx';
import { COPY_MESSAGES, SettingDrawer } from './SettingDrawer.tsx';

const shown: string[] = [];
const original = { ...feedback };

beforeEach(() => {
  shown.length = 0;
  const rec = (t: unknown) => {
    shown.push(String(t));
    return Promise.resolve(true) as never;
  };
  bindFeedback({ ...original, message: { ...original.message, success: rec, error: rec } });
});
afterEach(() => {
  bindFeedback(original);
  localStorage.clear();
  layoutSettings.set({ ...DEFAULT_LAYOUT_SETTINGS });
  vi.restoreAllMocks();
});

async function openDrawer() {
  renderWithApp(<SettingDrawer />);
  fireEvent.click(await screen.findByTestId('setting-handle'));
  await screen.findByText('整体风格设置');
}

describe('settings drawer (spec 2.6)', () => {
  it('offers every item and persists changes', async () => {
    await openDrawer();
    for (const text of [
      '主题色',
      '导航模式',
      '内容区域宽度',
      '固定顶栏',
      '下滑时隐藏顶栏',
      '固定侧边菜单',
      '色弱模式',
      '多页签模式',
    ]) {
      expect(screen.getByText(text)).toBeTruthy();
    }
    fireEvent.click(screen.getByRole('button', { name: '拂晓蓝' }));
    fireEvent.click(screen.getByLabelText('亮色菜单风格'));
    fireEvent.click(screen.getByRole('switch', { name: '多页签模式' }));
    fireEvent.click(screen.getByRole('switch', { name: '固定顶栏' }));
    await waitFor(() =>
      expect(loadSettings()).toMatchObject({
        primaryColor: '#1890ff',
        navTheme: 'light',
        multiTab: true,
        fixedHeader: true,
      }),
    );
  });

  it('every label, option, tip and name in the drawer is Chinese', async () => {
    await openDrawer();
    const drawer = screen.getByTestId('setting-drawer').closest('.ant-drawer') as HTMLElement;
    const texts = [drawer.textContent ?? ''];
    // Icons (role img) carry antd's English icon names for screen readers; everything else is ours.
    for (const el of drawer.querySelectorAll('[aria-label]:not([role="img"]), [title]'))
      texts.push(el.getAttribute('aria-label') ?? '', el.getAttribute('title') ?? '');
    // Tooltips render on hover: the tips are checked through their triggers' props instead.
    fireEvent.click(screen.getByLabelText('顶部栏导航'));
    for (const el of drawer.querySelectorAll('.aq-setting-row')) {
      fireEvent.mouseEnter(el);
    }
    await waitFor(() => expect(document.querySelectorAll('.ant-tooltip').length).toBeGreaterThan(0));
    for (const tip of document.querySelectorAll('.ant-tooltip')) texts.push(tip.textContent ?? '');
    const latin = texts.flatMap((t) => t.match(/[A-Za-z]{2,}/g) ?? []);
    expect(latin).toEqual([]);
    expect(drawer.textContent).toContain('固定顶栏');
    expect(drawer.textContent).toContain('下滑时隐藏顶栏');
  });

  it('auto-hide needs a fixed header; fixed side menu is off in topmenu', async () => {
    await openDrawer();
    expect((screen.getByRole('switch', { name: '下滑时隐藏顶栏' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('switch', { name: '固定侧边菜单' }) as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(screen.getByLabelText('顶部栏导航'));
    await waitFor(() =>
      expect((screen.getByRole('switch', { name: '固定侧边菜单' }) as HTMLButtonElement).disabled).toBe(true),
    );
  });

  it('copy settings reports 复制完毕 or 复制失败', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await openDrawer();
    fireEvent.click(screen.getByRole('button', { name: /拷贝设置/ }));
    await waitFor(() => expect(shown).toEqual([COPY_MESSAGES.ok]));
    expect(String(writeText.mock.calls[0])).toContain("navTheme: 'dark'");

    writeText.mockRejectedValueOnce(new Error('denied'));
    document.execCommand = vi.fn(() => false);
    fireEvent.click(screen.getByRole('button', { name: /拷贝设置/ }));
    await waitFor(() => expect(shown).toEqual([COPY_MESSAGES.ok, COPY_MESSAGES.fail]));
    expect(COPY_MESSAGES).toEqual({ ok: '复制完毕', fail: '复制失败' });
  });
});
