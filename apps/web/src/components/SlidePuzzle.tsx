import { ArrowRightOutlined, CheckOutlined, CloseOutlined, ReloadOutlined } from '@ant-design/icons';
import type { CaptchaChallenge } from '@aqzrx/contracts';
import { Button, Spin, theme } from 'antd';
import {
  type CSSProperties,
  type KeyboardEvent as ReactKeyboardEvent,
  type MouseEvent as ReactMouseEvent,
  type TouchEvent as ReactTouchEvent,
  type Ref,
  useCallback,
  useEffect,
  useId,
  useImperativeHandle,
  useRef,
  useState,
} from 'react';

/** One drag sample: horizontal offset of the slider (px) and milliseconds since the drag began. */
export type TrailPoint = [dx: number, ms: number];

export type SlidePuzzleStatus = 'loading' | 'error' | 'idle' | 'active' | 'verifying' | 'success' | 'fail';

export interface SlidePuzzleHandle {
  /** Drops the current state and loads a new challenge (e.g. after a login attempt used the token). */
  reset: () => void;
}

export interface SlidePuzzleProps {
  /** Fetches a new challenge; background and piece are PNG data URLs. */
  load: () => Promise<CaptchaChallenge>;
  /** Checks the piece position; resolves with a captcha token, rejects when the puzzle was not solved. */
  verify: (id: string, x: number, trail: TrailPoint[]) => Promise<{ captchaToken: string }>;
  onSuccess: (captchaToken: string) => void;
  /** Called when verification fails (the widget then reloads by itself). */
  onFail?: (error: unknown) => void;
  /** Display width of the image in px (spec 9: 310). */
  width?: number;
  /** Display height of the image in px (spec 9: 155). */
  height?: number;
  /** Side of the piece's square body in px (spec 9: 42). */
  pieceSize?: number;
  /** Radius of the piece's tabs in px (spec 9: 10). */
  radius?: number;
  /** Delay before a failed attempt reloads a new challenge. */
  failReloadDelayMs?: number;
  disabled?: boolean;
  className?: string;
  style?: CSSProperties;
  ref?: Ref<SlidePuzzleHandle>;
}

export const SLIDE_PUZZLE_TEXT = {
  idle: '向右滑动完成拼图',
  success: '验证通过',
  fail: '请正确拼合图像',
  loading: '加载中…',
  error: '验证码加载失败，请点击右上角刷新',
} as const;

const HANDLE = 40;
const TRACK_HEIGHT = 40;
const KEY_STEP = 2;
const KEY_STEP_LARGE = 10;
/** The verify contract accepts at most 2000 samples. */
const MAX_TRAIL = 2000;

/**
 * Width of the server's piece image: a 2 px margin each side plus a tab that protrudes 2r-2 px
 * (apps/server/src/platform/captcha/shape.ts). Used until the real image reports its size.
 */
export function pieceImageWidth(pieceSize: number, radius: number): number {
  return pieceSize + 2 * radius + 2;
}

/** Maps the slider offset to the piece's left edge, so both reach the right end together. */
export function pieceLeftFor(dx: number, width: number, pieceWidth: number): number {
  const travel = width - HANDLE;
  if (travel <= 0) return 0;
  return (dx * Math.max(0, width - pieceWidth)) / travel;
}

function clamp(v: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, v));
}

interface DragState {
  startX: number;
  startTime: number;
  trail: TrailPoint[];
}

/**
 * Slide-puzzle verification (spec 2.8, 4): drag the slider until the piece fills the gap. Mouse, touch and
 * keyboard (arrow keys move, Enter confirms, Esc cancels). Talks to the server only through load/verify.
 */
export function SlidePuzzle({
  load,
  verify,
  onSuccess,
  onFail,
  width = 310,
  height = 155,
  pieceSize = 42,
  radius = 10,
  failReloadDelayMs = 1000,
  disabled = false,
  className,
  style,
  ref,
}: SlidePuzzleProps) {
  const { token } = theme.useToken();
  const hintId = useId();
  const [status, setStatusState] = useState<SlidePuzzleStatus>('loading');
  const [challenge, setChallenge] = useState<CaptchaChallenge | null>(null);
  const [dx, setDx] = useState(0);
  const [pieceNatural, setPieceNatural] = useState<number | null>(null);
  const [pointerDragging, setPointerDragging] = useState(false);

  // Event handlers read the status synchronously, before React re-renders.
  const statusRef = useRef<SlidePuzzleStatus>('loading');
  const setStatus = useCallback((next: SlidePuzzleStatus) => {
    statusRef.current = next;
    setStatusState(next);
  }, []);
  const dxRef = useRef(0);
  const dragRef = useRef<DragState | null>(null);
  const loadSeq = useRef(0);
  const mounted = useRef(true);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const callbacks = useRef({ load, verify, onSuccess, onFail });
  callbacks.current = { load, verify, onSuccess, onFail };

  const maxDx = Math.max(0, width - HANDLE);
  const scale = challenge && challenge.width > 0 ? width / challenge.width : 1;
  const pieceDisplayWidth =
    (pieceNatural ?? pieceImageWidth(challenge?.pieceSize ?? pieceSize, challenge?.radius ?? radius)) * scale;

  const later = useCallback((fn: () => void, ms: number) => {
    const t = setTimeout(() => {
      timers.current.delete(t);
      if (mounted.current) fn();
    }, ms);
    timers.current.add(t);
  }, []);

  const clearTimers = useCallback(() => {
    for (const t of timers.current) clearTimeout(t);
    timers.current.clear();
  }, []);

  const moveTo = useCallback((next: number) => {
    dxRef.current = next;
    setDx(next);
  }, []);

  const reload = useCallback(() => {
    clearTimers();
    const seq = ++loadSeq.current;
    dragRef.current = null;
    setPointerDragging(false);
    moveTo(0);
    setChallenge(null);
    setPieceNatural(null);
    setStatus('loading');
    callbacks.current
      .load()
      .then((c) => {
        if (!mounted.current || seq !== loadSeq.current) return;
        setChallenge(c);
        setStatus('idle');
        // A challenge left alone past its lifetime would fail anyway: fetch a fresh one.
        if (c.expiresInMs > 0) {
          later(() => {
            if (seq === loadSeq.current && statusRef.current === 'idle') reload();
          }, c.expiresInMs);
        }
      })
      .catch(() => {
        if (!mounted.current || seq !== loadSeq.current) return;
        setStatus('error');
      });
  }, [clearTimers, later, moveTo, setStatus]);

  useImperativeHandle(ref, () => ({ reset: reload }), [reload]);

  useEffect(() => {
    mounted.current = true;
    reload();
    return () => {
      mounted.current = false;
      loadSeq.current++;
      clearTimers();
    };
  }, [reload, clearTimers]);

  const submit = useCallback(
    (finalDx: number, trail: TrailPoint[]) => {
      const c = challenge;
      if (!c) return;
      if (finalDx <= 0) {
        // A click without movement is not an attempt.
        moveTo(0);
        setStatus('idle');
        return;
      }
      const seq = loadSeq.current;
      const x = Math.round((pieceLeftFor(finalDx, width, pieceDisplayWidth) / scale) * 10) / 10;
      setStatus('verifying');
      callbacks.current
        .verify(c.id, x, trail)
        .then(({ captchaToken }) => {
          if (!mounted.current || seq !== loadSeq.current) return;
          clearTimers();
          setStatus('success');
          callbacks.current.onSuccess(captchaToken);
        })
        .catch((error: unknown) => {
          if (!mounted.current || seq !== loadSeq.current) return;
          setStatus('fail');
          callbacks.current.onFail?.(error);
          later(reload, failReloadDelayMs);
        });
    },
    [
      challenge,
      width,
      pieceDisplayWidth,
      scale,
      clearTimers,
      later,
      reload,
      failReloadDelayMs,
      moveTo,
      setStatus,
    ],
  );

  /** Adds a trail sample; repeats of the same offset are skipped unless `always` (the release point). */
  const record = useCallback((next: number, always = false) => {
    const drag = dragRef.current;
    if (!drag) return;
    const point: TrailPoint = [Math.round(next), Math.round(performance.now() - drag.startTime)];
    const last = drag.trail[drag.trail.length - 1];
    if (!always && last && last[0] === point[0]) return;
    if (drag.trail.length >= MAX_TRAIL) drag.trail[MAX_TRAIL - 1] = point;
    else drag.trail.push(point);
  }, []);

  const begin = useCallback(
    (clientX: number): boolean => {
      if (disabled || statusRef.current !== 'idle') return false;
      dragRef.current = { startX: clientX - dxRef.current, startTime: performance.now(), trail: [] };
      record(dxRef.current);
      setStatus('active');
      return true;
    },
    [disabled, record, setStatus],
  );

  const moveBy = useCallback(
    (clientX: number) => {
      const drag = dragRef.current;
      if (!drag) return;
      const next = clamp(clientX - drag.startX, 0, maxDx);
      moveTo(next);
      record(next);
    },
    [maxDx, moveTo, record],
  );

  const finish = useCallback(() => {
    const drag = dragRef.current;
    if (!drag) return;
    // The release point is always recorded: the server wants at least start, movement and release.
    record(dxRef.current, true);
    dragRef.current = null;
    setPointerDragging(false);
    submit(dxRef.current, drag.trail);
  }, [record, submit]);

  const cancel = useCallback(() => {
    dragRef.current = null;
    setPointerDragging(false);
    moveTo(0);
    setStatus('idle');
  }, [moveTo, setStatus]);

  // While a mouse or touch drag is under way, follow it anywhere on the page.
  useEffect(() => {
    if (!pointerDragging) return;
    const onMouseMove = (e: MouseEvent) => moveBy(e.clientX);
    const onTouchMove = (e: TouchEvent) => {
      const t = e.touches[0];
      if (t) moveBy(t.clientX);
    };
    const onEnd = () => finish();
    window.addEventListener('mousemove', onMouseMove);
    window.addEventListener('mouseup', onEnd);
    window.addEventListener('touchmove', onTouchMove);
    window.addEventListener('touchend', onEnd);
    window.addEventListener('touchcancel', onEnd);
    return () => {
      window.removeEventListener('mousemove', onMouseMove);
      window.removeEventListener('mouseup', onEnd);
      window.removeEventListener('touchmove', onTouchMove);
      window.removeEventListener('touchend', onEnd);
      window.removeEventListener('touchcancel', onEnd);
    };
  }, [pointerDragging, moveBy, finish]);

  const onMouseDown = (e: ReactMouseEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    if (begin(e.clientX)) {
      e.preventDefault();
      setPointerDragging(true);
    }
  };

  const onTouchStart = (e: ReactTouchEvent<HTMLDivElement>) => {
    const t = e.touches[0];
    if (t && begin(t.clientX)) setPointerDragging(true);
  };

  const onKeyDown = (e: ReactKeyboardEvent<HTMLDivElement>) => {
    if (pointerDragging) return;
    const step = e.shiftKey ? KEY_STEP_LARGE : KEY_STEP;
    let target: number | null = null;
    if (e.key === 'ArrowRight' || e.key === 'ArrowUp') target = dxRef.current + step;
    else if (e.key === 'ArrowLeft' || e.key === 'ArrowDown') target = dxRef.current - step;
    else if (e.key === 'Home') target = 0;
    else if (e.key === 'End') target = maxDx;
    if (target !== null) {
      e.preventDefault();
      if (statusRef.current === 'idle') begin(0);
      if (statusRef.current !== 'active' || !dragRef.current) return;
      const next = clamp(target, 0, maxDx);
      moveTo(next);
      record(next);
      return;
    }
    if ((e.key === 'Enter' || e.key === ' ') && statusRef.current === 'active') {
      e.preventDefault();
      finish();
    } else if (e.key === 'Escape' && statusRef.current === 'active') {
      e.preventDefault();
      cancel();
    }
  };

  const busy = status === 'active' || status === 'verifying';
  const tone =
    status === 'success'
      ? { color: token.colorSuccess, bg: token.colorSuccessBg, border: token.colorSuccessBorder }
      : status === 'fail'
        ? { color: token.colorError, bg: token.colorErrorBg, border: token.colorErrorBorder }
        : { color: token.colorPrimary, bg: token.colorPrimaryBg, border: token.colorPrimaryBorder };

  const text =
    status === 'success'
      ? SLIDE_PUZZLE_TEXT.success
      : status === 'fail'
        ? SLIDE_PUZZLE_TEXT.fail
        : status === 'loading'
          ? SLIDE_PUZZLE_TEXT.loading
          : status === 'error'
            ? SLIDE_PUZZLE_TEXT.error
            : SLIDE_PUZZLE_TEXT.idle;

  const pieceLeft = pieceLeftFor(dx, width, pieceDisplayWidth);
  const handleIcon =
    status === 'success' ? <CheckOutlined /> : status === 'fail' ? <CloseOutlined /> : <ArrowRightOutlined />;
  const interactive = !disabled && (status === 'idle' || status === 'active');

  return (
    <fieldset
      aria-label="滑动拼图验证"
      className={className}
      style={{ width, userSelect: 'none', border: 0, margin: 0, padding: 0, minWidth: 0, ...style }}
      data-status={status}
    >
      <div
        style={{
          position: 'relative',
          width,
          height,
          overflow: 'hidden',
          borderRadius: token.borderRadiusSM,
          background: token.colorFillTertiary,
        }}
      >
        {challenge && (
          <>
            <img
              src={challenge.background}
              alt="拼图验证背景图"
              width={width}
              height={height}
              draggable={false}
              style={{ display: 'block', width, height }}
            />
            <img
              src={challenge.piece}
              alt=""
              aria-hidden="true"
              draggable={false}
              data-testid="slide-puzzle-piece"
              onLoad={(e) => {
                const w = e.currentTarget.naturalWidth;
                if (w > 0) setPieceNatural(w);
              }}
              style={{
                position: 'absolute',
                top: challenge.y * scale,
                left: pieceLeft,
                width: pieceDisplayWidth,
                height: 'auto',
                filter: 'drop-shadow(0 0 3px rgba(0, 0, 0, 0.45))',
                pointerEvents: 'none',
              }}
            />
          </>
        )}
        {status === 'loading' && (
          <div
            style={{
              position: 'absolute',
              inset: 0,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
            }}
          >
            <Spin />
          </div>
        )}
        <Button
          type="text"
          size="small"
          icon={<ReloadOutlined />}
          aria-label="刷新验证码"
          title="换一张"
          disabled={disabled || status === 'verifying' || status === 'success'}
          onClick={reload}
          style={{ position: 'absolute', top: 4, right: 4, background: 'rgba(255, 255, 255, 0.75)' }}
        />
      </div>
      <div
        style={{
          position: 'relative',
          marginTop: 10,
          height: TRACK_HEIGHT,
          lineHeight: `${TRACK_HEIGHT - 2}px`,
          textAlign: 'center',
          background: token.colorFillQuaternary,
          border: `1px solid ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadiusSM,
          color:
            status === 'success'
              ? token.colorSuccess
              : status === 'fail'
                ? token.colorError
                : token.colorTextSecondary,
        }}
      >
        <div
          aria-hidden="true"
          style={{
            position: 'absolute',
            left: -1,
            top: -1,
            height: TRACK_HEIGHT,
            width: dx > 0 || status === 'success' || status === 'fail' ? dx + HANDLE : 0,
            background: tone.bg,
            border: dx > 0 ? `1px solid ${tone.border}` : 'none',
            borderRadius: token.borderRadiusSM,
            boxSizing: 'border-box',
          }}
        />
        <span
          role="status"
          aria-live="polite"
          style={{ position: 'relative' }}
          data-testid="slide-puzzle-text"
        >
          {text}
        </span>
        <span id={hintId} style={{ display: 'none' }}>
          拖动滑块使拼图块与缺口重合；也可用左右方向键移动滑块，按回车键确认
        </span>
        <div
          role="slider"
          tabIndex={disabled ? -1 : 0}
          aria-label="拼图滑块"
          aria-describedby={hintId}
          aria-valuemin={0}
          aria-valuemax={maxDx}
          aria-valuenow={Math.round(dx)}
          aria-disabled={!interactive}
          onMouseDown={onMouseDown}
          onTouchStart={onTouchStart}
          onKeyDown={onKeyDown}
          style={{
            position: 'absolute',
            left: dx - 1,
            top: -1,
            width: HANDLE,
            height: TRACK_HEIGHT,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            boxSizing: 'border-box',
            background:
              busy || status === 'success' || status === 'fail' ? tone.color : token.colorBgContainer,
            color:
              busy || status === 'success' || status === 'fail' ? token.colorTextLightSolid : token.colorText,
            border: `1px solid ${busy || status === 'success' || status === 'fail' ? tone.color : token.colorBorder}`,
            borderRadius: token.borderRadiusSM,
            boxShadow: '0 0 3px rgba(0, 0, 0, 0.2)',
            cursor: interactive ? (busy ? 'grabbing' : 'grab') : 'default',
            touchAction: 'none',
            transition: busy ? 'none' : 'left 0.2s, background 0.2s',
          }}
        >
          {handleIcon}
        </div>
      </div>
    </fieldset>
  );
}
