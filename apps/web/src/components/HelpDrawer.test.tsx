import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { HelpDrawer } from './HelpDrawer.tsx';
import { failOnConsoleError, renderWithProviders } from './test-utils.tsx';

const render = renderWithProviders;

failOnConsoleError();

describe('HelpDrawer', () => {
  it('is a 200 px right-side drawer titled 帮助 showing the given help', () => {
    render(<HelpDrawer open onClose={vi.fn()} content={'第一段\n第二行\n\n第二段'} />);
    const dialog = screen.getByRole('dialog');
    expect(screen.getByText('帮助')).toBeTruthy();
    expect(document.querySelector('.ant-drawer-right')).not.toBeNull();
    const wrapper = document.querySelector<HTMLElement>('.ant-drawer-content-wrapper');
    expect(wrapper?.style.width).toBe('200px');
    expect(dialog.textContent).toContain('第一段');
    const paragraphs = dialog.querySelectorAll('.ant-typography');
    expect(paragraphs).toHaveLength(2);
    expect(paragraphs[0]?.textContent).toBe('第一段\n第二行');
  });

  it('renders nothing while closed and calls onClose from the close button', () => {
    const onClose = vi.fn();
    const { rerender } = render(<HelpDrawer open={false} onClose={onClose} content="说明" />);
    expect(screen.queryByText('说明')).toBeNull();
    rerender(<HelpDrawer open onClose={onClose} content="说明" />);
    fireEvent.click(screen.getByRole('button', { name: /关闭|Close/ }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('loads help for the key when opened, keeps it, and reloads for a new key', async () => {
    const load = vi.fn(async (key: string) => `关于${key}的帮助`);
    const { rerender } = render(<HelpDrawer open={false} onClose={vi.fn()} helpKey="policy" load={load} />);
    expect(load).not.toHaveBeenCalled();

    rerender(<HelpDrawer open onClose={vi.fn()} helpKey="policy" load={load} />);
    expect(await screen.findByText('关于policy的帮助')).toBeTruthy();
    expect(load).toHaveBeenCalledWith('policy');

    rerender(<HelpDrawer open={false} onClose={vi.fn()} helpKey="policy" load={load} />);
    rerender(<HelpDrawer open onClose={vi.fn()} helpKey="policy" load={load} />);
    expect(screen.getByText('关于policy的帮助')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);

    rerender(<HelpDrawer open onClose={vi.fn()} helpKey="claim" load={load} />);
    expect(await screen.findByText('关于claim的帮助')).toBeTruthy();
    expect(screen.queryByText('关于policy的帮助')).toBeNull();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shows help text as text, never as HTML', async () => {
    render(
      <HelpDrawer open onClose={vi.fn()} helpKey="x" load={async () => '<img src=x onerror="alert(1)">'} />,
    );
    expect(await screen.findByText('<img src=x onerror="alert(1)">')).toBeTruthy();
    expect(document.querySelector('.ant-drawer img')).toBeNull();
  });

  it('offers a retry after a load failure', async () => {
    const load = vi.fn<(key: string) => Promise<string>>().mockRejectedValueOnce(new Error('网络异常'));
    load.mockResolvedValue('恢复后的帮助');
    render(<HelpDrawer open onClose={vi.fn()} helpKey="k" load={load} />);
    // (Scoped by text: a notice another test file left under <body> is an alert too.)
    await waitFor(async () =>
      expect((await screen.findAllByRole('alert')).map((a) => a.textContent)).toContainEqual(
        expect.stringContaining('帮助内容加载失败：网络异常'),
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('恢复后的帮助')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('says so when there is no help', async () => {
    const { rerender } = render(<HelpDrawer open onClose={vi.fn()} helpKey="k" load={async () => ''} />);
    expect(await screen.findByText('暂无帮助内容')).toBeTruthy();
    rerender(<HelpDrawer open onClose={vi.fn()} />);
    expect(screen.getByText('暂无帮助内容')).toBeTruthy();
  });
});
