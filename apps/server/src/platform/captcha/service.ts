/**
 * Server-side slide-puzzle captcha (security check A04).
 *
 * - `issue()` renders a fresh picture with a jigsaw hole at a secret horizontal offset and returns the
 *   background, the piece and the public vertical offset `y`. Both images are PNG data URLs.
 * - `check(id, x, trail)` is single-use: the challenge is deleted before anything is compared, so a replay
 *   yields `expired`. On success it returns a one-time `captchaToken` for the login request.
 * - `consume(token)` redeems that token exactly once.
 *
 * Coordinates: the piece image must be drawn with its top-left corner at (x, y) on the background, in
 * pixels of the background's natural size. `x` is what the client submits; if the client displays the
 * picture scaled, it must convert back to natural pixels before submitting.
 *
 * Challenges and tokens live in a shared store (platform/shared-store.ts: PostgreSQL, or Redis with REDIS_URL),
 * so a challenge issued by one server process or instance is checked by any other, once (issue 18): taking a
 * key is atomic there. Without a store (unit tests) they live in this process's memory, bounded by `maxEntries`.
 * Route-level rate limiting is still required to stop brute force.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { memoryStore, type SharedStore } from '../shared-store.ts';
import { encodePng } from './png.ts';
import { createPictureRng, cutPiece, drawHole, renderScene } from './render.ts';
import {
  type PieceGeometry,
  type PieceShape,
  pieceGeometry,
  pieceMask,
  randomShape,
  sameShape,
} from './shape.ts';

export interface CaptchaOptions {
  /** Background width in px (default 310). */
  width?: number;
  /** Background height in px (default 155). */
  height?: number;
  /** Side of the square body of the piece in px (default 42). */
  pieceSize?: number;
  /** Radius of the tabs and notch in px (default 10). */
  radius?: number;
  /** Lifetime of an issued challenge (default 120 000 ms, security A04). */
  ttlMs?: number;
  /** Lifetime of the token returned by a successful check (default 120 000 ms). */
  tokenTtlMs?: number;
  /** Accepted |x - secret| in px (default 5). */
  tolerance?: number;
  /** Maximum number of live challenges and tokens together in the memory store (default 20 000). */
  maxEntries?: number;
  /** Where challenges and tokens are kept (default: this process's memory). */
  store?: SharedStore;
  /** Clock in ms, injectable for tests (default Date.now). */
  now?: () => number;
  /** The piece's shape (default: a random one per challenge); tests pin the classic piece. */
  shape?: (g: PieceGeometry) => PieceShape;
  /** Decoy holes of other shapes in the piece's row (default 2). */
  decoys?: number;
}

export interface CaptchaChallenge {
  id: string;
  width: number;
  height: number;
  pieceSize: number;
  radius: number;
  /** Public vertical offset of the piece image's top-left corner on the background. */
  y: number;
  /** Address of the background with the hole, a PNG of `width` x `height` (CAPTCHA_IMAGE_PATH). */
  background: string;
  /**
   * Address of the piece, a PNG transparent outside the jigsaw shape. Its size is (pieceSize + 2 * radius + 2)
   * px square: the square body, two tabs of (2 * radius - 2) px and a 2 px margin on each side.
   */
  piece: string;
  expiresInMs: number;
  /** The two PNGs themselves (for the issuer's tests; the route answers the addresses only). */
  images: Record<CaptchaImagePart, Buffer>;
}

export type CaptchaImagePart = 'background' | 'piece';

/**
 * Where the browser loads a challenge's images: binary PNGs (issue 18: as base64 inside the JSON they were
 * 87 KB of text on the login page's first call), kept in the shared store with the challenge, so any process
 * or instance serves them.
 */
export const CAPTCHA_IMAGE_PATH = '/api/captcha/image';

export type CheckResult =
  | { ok: true; captchaToken: string }
  | { ok: false; reason: 'expired' | 'mismatch' | 'robot' };

export type CaptchaFailureReason = Extract<CheckResult, { ok: false }>['reason'];

export interface CaptchaService {
  issue(): Promise<CaptchaChallenge>;
  /** A live challenge's image (undefined once it was checked or has expired). */
  image(id: string, part: CaptchaImagePart): Promise<Buffer | undefined>;
  /**
   * @param x the submitted left offset of the piece image, in background pixels.
   * @param trail optional drag samples `[dx, ms]` (slider offset in px, timestamp in ms, any origin).
   */
  check(id: string, x: number, trail?: Array<[number, number]>): Promise<CheckResult>;
  consume(captchaToken: string): Promise<boolean>;
}

/** User-facing messages for the failure reasons, for the route layer. */
export const CAPTCHA_MESSAGES: Readonly<Record<CaptchaFailureReason, string>> = {
  expired: '验证码已失效',
  mismatch: '请正确拼合图像',
  robot: '验证未通过，请重试',
};

const DEFAULTS = {
  width: 310,
  height: 155,
  pieceSize: 42,
  radius: 10,
  ttlMs: 120_000,
  tokenTtlMs: 120_000,
  tolerance: 5,
  maxEntries: 20_000,
} as const;

/** Minimum gap between the piece's start position (x = 0) and the hole, and from the right edge. */
const EDGE_GAP = 10;
/** Vertical gap between the piece image and the top/bottom edges. */
const VERTICAL_GAP = 4;
/** Longer trails are treated as synthetic without inspection (the HTTP schema caps them at 2000). */
const MAX_TRAIL_SAMPLES = 10_000;
/** Decoy holes per challenge. */
const DEFAULT_DECOYS = 3;
/** A person's drag takes at least this long. */
const MIN_DRAG_MS = 120;
/** A drag whose offset is this close to a straight line in time is a script. */
const MAX_LINEAR_R2 = 0.995;
/** Ids and tokens longer than this cannot be ours; reject them without a lookup. */
const MAX_KEY_LENGTH = 128;

function positiveInt(name: string, value: number, min = 1): number {
  if (!Number.isInteger(value) || value < min)
    throw new RangeError(`captcha option ${name} must be an integer >= ${min}`);
  return value;
}

function nonNegative(name: string, value: number): number {
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`captcha option ${name} must be >= 0`);
  return value;
}

/**
 * True when a provided trail is obviously not a human drag: too few samples, malformed or non-finite
 * samples, time running backwards, no elapsed time, or no movement.
 *
 * Deliberately conservative: perfectly uniform motion is NOT flagged, because a keyboard user holding an
 * arrow key (the web widget supports it) produces equal steps at the key-repeat rate, and browsers may
 * coarsen timestamps so the intervals come out identical too.
 */
export function isSyntheticTrail(trail: ReadonlyArray<readonly [number, number]>): boolean {
  if (!Array.isArray(trail) || trail.length < 3 || trail.length > MAX_TRAIL_SAMPLES) return true;
  let minDx = Number.POSITIVE_INFINITY;
  let maxDx = Number.NEGATIVE_INFINITY;
  let prevT = Number.NEGATIVE_INFINITY;
  for (const sample of trail) {
    if (!Array.isArray(sample) || sample.length !== 2) return true;
    const [dx, t] = sample;
    if (typeof dx !== 'number' || typeof t !== 'number' || !Number.isFinite(dx) || !Number.isFinite(t))
      return true;
    if (t < prevT) return true;
    prevT = t;
    if (dx < minDx) minDx = dx;
    if (dx > maxDx) maxDx = dx;
  }
  const first = trail[0]!;
  const last = trail[trail.length - 1]!;
  if (last[1] - first[1] <= 0) return true;
  if (maxDx - minDx <= 0) return true;
  return false;
}

/**
 * Scores a drag the way a person makes it (issue 17 finding 1). A scripted drag is typically a straight line
 * in time: the offset grows at a constant rate from the first sample to the last. People accelerate and slow
 * down, pause before letting go, or (keyboard) wait for the key repeat and press Enter at the end; their
 * offset-over-time is visibly curved. Refused: a drag shorter than 120 ms, or one whose offset is fitted by a
 * straight line in time with R² ≥ 0.995.
 */
export function isPlausibleTrail(trail: ReadonlyArray<readonly [number, number]>): boolean {
  const first = trail[0]!;
  const last = trail[trail.length - 1]!;
  if (last[1] - first[1] < MIN_DRAG_MS) return false;
  const n = trail.length;
  let st = 0;
  let sx = 0;
  for (const [x, t] of trail) {
    st += t;
    sx += x;
  }
  const mt = st / n;
  const mx = sx / n;
  let stt = 0;
  let sxx = 0;
  let stx = 0;
  for (const [x, t] of trail) {
    stt += (t - mt) ** 2;
    sxx += (x - mx) ** 2;
    stx += (t - mt) * (x - mx);
  }
  if (stt === 0 || sxx === 0) return false;
  const r2 = (stx * stx) / (stt * sxx);
  return r2 < MAX_LINEAR_R2;
}

/** Left offsets for `count` decoy holes in [0, maxX], clear of the true hole and of each other. */
function decoyPositions(secretX: number, maxX: number, pieceWidth: number, count: number): number[] {
  const taken = [secretX];
  const out: number[] = [];
  for (let tries = 0; out.length < count && tries < 200; tries++) {
    const x = randomInt(0, maxX + 1);
    if (taken.every((t) => Math.abs(t - x) >= pieceWidth + 4)) {
      taken.push(x);
      out.push(x);
    }
  }
  return out;
}

export function createCaptchaService(opts: CaptchaOptions = {}): CaptchaService {
  const width = positiveInt('width', opts.width ?? DEFAULTS.width);
  const height = positiveInt('height', opts.height ?? DEFAULTS.height);
  const radius = positiveInt('radius', opts.radius ?? DEFAULTS.radius, 3);
  const pieceSize = positiveInt('pieceSize', opts.pieceSize ?? DEFAULTS.pieceSize, 2 * radius + 8);
  const ttlMs = positiveInt('ttlMs', opts.ttlMs ?? DEFAULTS.ttlMs);
  const tokenTtlMs = positiveInt('tokenTtlMs', opts.tokenTtlMs ?? DEFAULTS.tokenTtlMs);
  const tolerance = nonNegative('tolerance', opts.tolerance ?? DEFAULTS.tolerance);
  const maxEntries = positiveInt('maxEntries', opts.maxEntries ?? DEFAULTS.maxEntries);
  const now = opts.now ?? Date.now;

  const geometry: PieceGeometry = pieceGeometry(pieceSize, radius);
  const shapeOf = opts.shape ?? ((g: PieceGeometry) => randomShape(g, randomInt));
  const decoyCount = opts.decoys ?? DEFAULT_DECOYS;
  // The hole never overlaps the piece's start position and keeps a gap to the right edge.
  const minX = geometry.width + EDGE_GAP;
  const maxX = width - geometry.width - EDGE_GAP;
  const minY = VERTICAL_GAP;
  const maxY = height - geometry.height - VERTICAL_GAP;
  if (maxX < minX || maxY < minY) {
    throw new RangeError(
      `captcha background ${width}x${height} is too small for a ${geometry.width}x${geometry.height} piece`,
    );
  }

  const store = opts.store ?? memoryStore(maxEntries);
  const challengeKey = (id: string) => `captcha:c:${id}`;
  const tokenKey = (token: string) => `captcha:t:${token}`;
  const imageKey = (id: string, part: CaptchaImagePart) => `captcha:i:${id}:${part}`;

  return {
    async issue(): Promise<CaptchaChallenge> {
      const secretX = randomInt(minX, maxX + 1);
      const y = randomInt(minY, maxY + 1);
      const rng = createPictureRng();
      const scene = renderScene(width, height, rng);
      const shape = shapeOf(geometry);
      const mask = pieceMask(geometry, shape);
      const piece = cutPiece(scene, width, geometry, mask, secretX, y);
      // The true hole is drawn lighter than the decoys, which have other outlines: a person matches the
      // piece's outline; a script that takes the darkest piece-shaped patch lands on a decoy.
      drawHole(scene, width, geometry, mask, secretX, y, 0.2 + 0.1 * rng(), 0.7 + 0.2 * rng());
      for (const dx of decoyPositions(secretX, width - geometry.width, geometry.width, decoyCount)) {
        let other = randomShape(geometry, randomInt);
        while (sameShape(other, shape)) other = randomShape(geometry, randomInt);
        drawHole(
          scene,
          width,
          geometry,
          pieceMask(geometry, other),
          dx,
          y,
          0.45 + 0.15 * rng(),
          0.4 + 0.3 * rng(),
        );
      }
      const images: Record<CaptchaImagePart, Buffer> = {
        background: encodePng(width, height, scene, 3),
        piece: encodePng(geometry.width, geometry.height, piece, 4),
      };

      const t = now();
      const id = randomBytes(16).toString('base64url');
      await Promise.all([
        store.put(challengeKey(id), String(secretX), t + ttlMs, t),
        store.put(imageKey(id, 'background'), images.background.toString('base64'), t + ttlMs, t),
        store.put(imageKey(id, 'piece'), images.piece.toString('base64'), t + ttlMs, t),
      ]);
      return {
        id,
        width,
        height,
        pieceSize,
        radius,
        y,
        background: `${CAPTCHA_IMAGE_PATH}/${id}/background`,
        piece: `${CAPTCHA_IMAGE_PATH}/${id}/piece`,
        expiresInMs: ttlMs,
        images,
      };
    },

    async image(id, part) {
      if (typeof id !== 'string' || id.length === 0 || id.length > MAX_KEY_LENGTH) return undefined;
      const b64 = await store.get(imageKey(id, part), now());
      return b64 === undefined ? undefined : Buffer.from(b64, 'base64');
    },

    async check(id, x, trail) {
      if (typeof id !== 'string' || id.length === 0 || id.length > MAX_KEY_LENGTH) {
        return { ok: false, reason: 'expired' };
      }
      const t = now();
      // Single use: taken (removed) before any comparison so that a replay always fails, on any instance.
      const secret = await store.take(challengeKey(id), t);
      if (secret === undefined) return { ok: false, reason: 'expired' };
      // The images of a checked challenge are no longer needed (they expire with it anyway).
      await Promise.all([store.take(imageKey(id, 'background'), t), store.take(imageKey(id, 'piece'), t)]);
      const secretX = Number(secret);
      if (trail !== undefined && (isSyntheticTrail(trail) || !isPlausibleTrail(trail)))
        return { ok: false, reason: 'robot' };
      if (typeof x !== 'number' || !Number.isFinite(x) || Math.abs(x - secretX) > tolerance) {
        return { ok: false, reason: 'mismatch' };
      }
      const captchaToken = randomBytes(24).toString('base64url');
      await store.put(tokenKey(captchaToken), '', t + tokenTtlMs, t);
      return { ok: true, captchaToken };
    },

    async consume(captchaToken) {
      if (
        typeof captchaToken !== 'string' ||
        captchaToken.length === 0 ||
        captchaToken.length > MAX_KEY_LENGTH
      ) {
        return false;
      }
      return (await store.take(tokenKey(captchaToken), now())) !== undefined;
    },
  };
}
