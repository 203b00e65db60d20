import type { CaptchaChallenge } from '@aqzrx/contracts';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { pieceImageWidth, pieceLeftFor, SlidePuzzle, type TrailPoint } from './SlidePuzzle.tsx';
import { failOnConsoleError } from './test-utils.tsx';

const challenge = (id: string): CaptchaChallenge => ({
  id,
  width: 310,
  height: 155,
  pieceSize: 42,
  radius: 10,
  y: 40,
  background: 'data:image/png;base64,iVBORw0KGgo=',
  piece: 'data:image/png;base64,iVBORw0KGgo=',
  expiresInMs: 120_000,
});

/** Expected x sent for a slider offset with the default geometry. */
const xFor = (dx: number) => Math.round(pieceLeftFor(dx, 310, pieceImageWidth(42, 10)) * 10) / 10;

type VerifyFn = (id: string, x: number, trail: TrailPoint[]) => Promise<{ captchaToken: string }>;

failOnConsoleError();

function setup(verify: VerifyFn, extra: { failReloadDelayMs?: number } = {}) {
  let n = 0;
  const load = vi.fn(async () => challenge(`c${++n}`));
  const onSuccess = vi.fn();
  const onFail = vi.fn();
  const verifyMock = vi.fn(verify);
  const view = render(
    <SlidePuzzle load={load} verify={verifyMock} onSuccess={onSuccess} onFail={onFail} {...extra} />,
  );
  return { load, onSuccess, onFail, verify: verifyMock, view };
}

const slider = () => screen.getByRole('slider', { name: '拼图滑块' });
const statusOf = (view: ReturnType<typeof render>) =>
  view.container.querySelector('fieldset')?.dataset.status;

describe('SlidePuzzle', () => {
  it('geometry: the piece reaches the right edge when the slider does', () => {
    expect(pieceImageWidth(42, 10)).toBe(64);
    expect(pieceLeftFor(0, 310, 64)).toBe(0);
    expect(pieceLeftFor(270, 310, 64)).toBe(246);
  });

  it('loads a challenge and shows the idle prompt', async () => {
    const { load, view } = setup(async () => ({ captchaToken: 't' }));
    expect(screen.getByTestId('slide-puzzle-text').textContent).toBe('加载中…');
    expect(await screen.findByText('向右滑动完成拼图')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
    expect(statusOf(view)).toBe('idle');
    const bg = screen.getByAltText('拼图验证背景图') as HTMLImageElement;
    expect(bg.getAttribute('width')).toBe('310');
    expect(bg.getAttribute('height')).toBe('155');
    expect(screen.getByTestId('slide-puzzle-piece').style.top).toBe('40px');
  });

  it('success path: a mouse drag sends x and trail, then reports the token', async () => {
    const { verify, onSuccess, view } = setup(async () => ({ captchaToken: 'tok-1' }));
    await screen.findByText('向右滑动完成拼图');

    fireEvent.mouseDown(slider(), { clientX: 100, button: 0 });
    expect(statusOf(view)).toBe('active');
    fireEvent.mouseMove(window, { clientX: 150 });
    fireEvent.mouseMove(window, { clientX: 220 });
    expect(slider().getAttribute('aria-valuenow')).toBe('120');
    // The piece follows the slider.
    const left = Number.parseFloat(screen.getByTestId('slide-puzzle-piece').style.left);
    expect(left).toBeCloseTo(pieceLeftFor(120, 310, 64), 3);
    expect(verify).not.toHaveBeenCalled();
    fireEvent.mouseUp(window);

    expect(verify).toHaveBeenCalledTimes(1);
    const [id, x, trail] = verify.mock.calls[0]!;
    expect(id).toBe('c1');
    expect(x).toBe(xFor(120));
    expect(trail.map((p) => p[0])).toEqual([0, 50, 120, 120]);
    // Time never runs backwards.
    for (let i = 1; i < trail.length; i++) expect(trail[i]![1]).toBeGreaterThanOrEqual(trail[i - 1]![1]);
    for (const [, ms] of trail) expect(ms).toBeGreaterThanOrEqual(0);

    expect(await screen.findByText('验证通过')).toBeTruthy();
    expect(onSuccess).toHaveBeenCalledWith('tok-1');
    expect(statusOf(view)).toBe('success');
    expect((screen.getByRole('button', { name: '刷新验证码' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('clamps the drag to the track', async () => {
    const { verify } = setup(async () => ({ captchaToken: 't' }));
    await screen.findByText('向右滑动完成拼图');
    fireEvent.mouseDown(slider(), { clientX: 0, button: 0 });
    fireEvent.mouseMove(window, { clientX: 1000 });
    expect(slider().getAttribute('aria-valuenow')).toBe('270');
    fireEvent.mouseMove(window, { clientX: -50 });
    fireEvent.mouseMove(window, { clientX: 30 });
    fireEvent.mouseUp(window);
    expect(verify.mock.calls[0]![1]).toBe(xFor(30));
  });

  it('fail path: shows the fail text, then loads a new challenge', async () => {
    const { verify, load, onSuccess, onFail, view } = setup(
      async () => {
        throw new Error('CAPTCHA_INVALID');
      },
      // Long enough that the fail state is still there when a loaded machine gets to look at it (30 ms
      // was over before the check under load), short enough to keep the test quick.
      { failReloadDelayMs: 400 },
    );
    await screen.findByText('向右滑动完成拼图');
    fireEvent.mouseDown(slider(), { clientX: 10, button: 0 });
    fireEvent.mouseMove(window, { clientX: 90 });
    fireEvent.mouseUp(window);

    expect(await screen.findByText('请正确拼合图像')).toBeTruthy();
    expect(statusOf(view)).toBe('fail');
    expect(onFail).toHaveBeenCalledTimes(1);
    expect(onSuccess).not.toHaveBeenCalled();

    await waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    expect(await screen.findByText('向右滑动完成拼图')).toBeTruthy();
    expect(slider().getAttribute('aria-valuenow')).toBe('0');

    // The next attempt uses the new challenge.
    fireEvent.mouseDown(slider(), { clientX: 10, button: 0 });
    fireEvent.mouseMove(window, { clientX: 50 });
    fireEvent.mouseUp(window);
    await waitFor(() => expect(verify).toHaveBeenCalledTimes(2));
    expect(verify.mock.calls[1]![0]).toBe('c2');
    await screen.findByText('请正确拼合图像');
  });

  it('supports touch drags', async () => {
    const { verify, onSuccess } = setup(async () => ({ captchaToken: 'tok-touch' }));
    await screen.findByText('向右滑动完成拼图');
    fireEvent.touchStart(slider(), { touches: [{ clientX: 20 }] });
    fireEvent.touchMove(window, { touches: [{ clientX: 80 }] });
    fireEvent.touchEnd(window, { touches: [] });
    expect(verify).toHaveBeenCalledTimes(1);
    expect(verify.mock.calls[0]![1]).toBe(xFor(60));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith('tok-touch'));
  });

  it('supports the keyboard: arrows move, Enter confirms, Escape cancels', async () => {
    const { verify, view } = setup(async () => ({ captchaToken: 'k' }));
    await screen.findByText('向右滑动完成拼图');
    const s = slider();
    fireEvent.keyDown(s, { key: 'ArrowRight' });
    expect(statusOf(view)).toBe('active');
    fireEvent.keyDown(s, { key: 'Escape' });
    expect(statusOf(view)).toBe('idle');
    expect(s.getAttribute('aria-valuenow')).toBe('0');

    fireEvent.keyDown(s, { key: 'ArrowRight' });
    fireEvent.keyDown(s, { key: 'ArrowRight' });
    fireEvent.keyDown(s, { key: 'ArrowRight', shiftKey: true });
    fireEvent.keyDown(s, { key: 'ArrowLeft' });
    expect(s.getAttribute('aria-valuenow')).toBe('12');
    expect(verify).not.toHaveBeenCalled();
    fireEvent.keyDown(s, { key: 'Enter' });
    expect(verify).toHaveBeenCalledTimes(1);
    expect(verify.mock.calls[0]![1]).toBe(xFor(12));
    expect(verify.mock.calls[0]![2].map((p) => p[0])).toEqual([0, 2, 4, 14, 12, 12]);
    await screen.findByText('验证通过');
  });

  it('a click without movement is not an attempt', async () => {
    const { verify, view } = setup(async () => ({ captchaToken: 't' }));
    await screen.findByText('向右滑动完成拼图');
    fireEvent.mouseDown(slider(), { clientX: 10, button: 0 });
    fireEvent.mouseUp(window);
    expect(verify).not.toHaveBeenCalled();
    expect(statusOf(view)).toBe('idle');
  });

  it('the refresh button loads a new challenge', async () => {
    const { load } = setup(async () => ({ captchaToken: 't' }));
    await screen.findByText('向右滑动完成拼图');
    fireEvent.click(screen.getByRole('button', { name: '刷新验证码' }));
    await waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    await screen.findByText('向右滑动完成拼图');
  });

  it('shows a load failure and recovers on refresh', async () => {
    const load = vi
      .fn<() => Promise<CaptchaChallenge>>()
      .mockRejectedValueOnce(new Error('down'))
      .mockResolvedValue(challenge('ok'));
    render(<SlidePuzzle load={load} verify={vi.fn()} onSuccess={vi.fn()} />);
    expect(await screen.findByText('验证码加载失败，请点击右上角刷新')).toBeTruthy();
    fireEvent.mouseDown(slider(), { clientX: 0, button: 0 });
    fireEvent.mouseMove(window, { clientX: 40 });
    expect(slider().getAttribute('aria-valuenow')).toBe('0');
    fireEvent.click(screen.getByRole('button', { name: '刷新验证码' }));
    expect(await screen.findByText('向右滑动完成拼图')).toBeTruthy();
  });

  it('reset() through the ref loads a new challenge after success', async () => {
    const ref: { current: { reset: () => void } | null } = { current: null };
    const load = vi.fn(async () => challenge('r'));
    render(
      <SlidePuzzle ref={ref} load={load} verify={async () => ({ captchaToken: 't' })} onSuccess={vi.fn()} />,
    );
    await screen.findByText('向右滑动完成拼图');
    fireEvent.mouseDown(slider(), { clientX: 0, button: 0 });
    fireEvent.mouseMove(window, { clientX: 40 });
    fireEvent.mouseUp(window);
    await screen.findByText('验证通过');
    act(() => ref.current?.reset());
    expect(await screen.findByText('向右滑动完成拼图')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('ignores input while disabled', async () => {
    const verify = vi.fn();
    render(<SlidePuzzle disabled load={async () => challenge('d')} verify={verify} onSuccess={vi.fn()} />);
    await screen.findByText('向右滑动完成拼图');
    fireEvent.mouseDown(slider(), { clientX: 0, button: 0 });
    fireEvent.mouseMove(window, { clientX: 40 });
    fireEvent.mouseUp(window);
    expect(slider().getAttribute('aria-valuenow')).toBe('0');
    expect(verify).not.toHaveBeenCalled();
  });
});
