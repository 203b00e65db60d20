import { passwordProblem } from '@aqzrx/contracts';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

/**
 * The server's password rule (security.md A01, issue 17 finding 11): the contracts' rule (length, classes, no
 * username or mobile, which the web forms check too), then two checks on data of a maintained package
 * (@zxcvbn-ts/language-common, MIT) that the web app does not ship:
 * - the password, or the password without up to two trailing symbols, is one of its ~49,000 common passwords,
 *   compared case-insensitively (`Qwerty123`, `Zaq12wsx`, `1q2w3e4R`, `Passw0rd!`);
 * - the password is made of walks over neighbouring keys (runs of four or more, each on one layout: qwerty,
 *   azerty, qwertz, dvorak, number pads), shifted or not (`!QAZ2wsx3edc`, `1qaz@WSX`, `741852963`).
 * Both are table lookups: no estimator runs on the request thread (zxcvbn's estimate took 35–46 ms a password).
 */

const COMMON_MESSAGE = '密码过于常见（常见密码或键盘连续按键），容易被猜到，请换一个';

let common: ReadonlySet<string> | null = null;
/** The common-password list, loaded on first use. */
export function commonPasswords(): ReadonlySet<string> {
  common ??= new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));
  return common;
}

type Layout = Map<string, { key: string; near: Set<string> }>;
let layouts: Layout[] | null = null;
/**
 * Per layout: each character (shifted or not) → its key and the keys next to it. A graph entry lists, for a
 * key written as its unshifted + shifted characters, the neighbouring keys in the same form (null at an edge).
 */
function keyboardLayouts(): Layout[] {
  if (layouts) return layouts;
  layouts = Object.values(adjacencyGraphs as Record<string, Record<string, (string | null)[]>>).map(
    (graph) => {
      // A key is named by its unshifted face: 'q' for both q and Q, '1' for 1 and !.
      const canon = new Map<string, string>();
      for (const neighbours of Object.values(graph))
        for (const token of neighbours) if (token) for (const ch of token) canon.set(ch, token[0] as string);
      const keyOf = (ch: string) => canon.get(ch) ?? ch;
      const layout: Layout = new Map();
      for (const [ch, neighbours] of Object.entries(graph)) {
        const near = new Set<string>();
        for (const token of neighbours) if (token) near.add(keyOf(token[0] as string));
        const key = keyOf(ch);
        const known = layout.get(key);
        if (known) for (const k of near) known.near.add(k);
        layout.set(ch, known ?? { key, near });
        if (!known && key !== ch) layout.set(key, layout.get(ch) as { key: string; near: Set<string> });
      }
      return layout;
    },
  );
  return layouts;
}

/** Whether chars[from..to) is a walk on one layout: every character next to (or on the key of) the one before. */
function walkOn(layout: Layout, chars: string[], from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const ch = chars[i] as string;
    const here = layout.get(ch) ?? layout.get(ch.toLowerCase());
    if (!here) return false;
    if (i === from) continue;
    const prev = chars[i - 1] as string;
    const before = layout.get(prev) ?? layout.get(prev.toLowerCase());
    if (!before || (before.key !== here.key && !before.near.has(here.key))) return false;
  }
  return true;
}

/** Shortest run that counts as a walk; a password made only of such runs is a keyboard pattern. */
const MIN_RUN = 4;

/**
 * The password is made only of keyboard walks of at least four keys, each on one layout: `qwerty12`, and the
 * column patterns `1qaz2wsx`, `!QAZ2wsx3edc`, where each column is a walk and the next starts afresh.
 */
export function isKeyboardWalk(password: string): boolean {
  const chars = [...password];
  const n = chars.length;
  if (n < 6) return false;
  const all = keyboardLayouts();
  // covered[i]: chars[i..n) splits into walks of MIN_RUN or more.
  const covered: boolean[] = new Array(n + 1).fill(false);
  covered[n] = true;
  for (let i = n - MIN_RUN; i >= 0; i--) {
    for (let j = i + MIN_RUN; j <= n && !covered[i]; j++)
      if (covered[j] && all.some((layout) => walkOn(layout, chars, i, j))) covered[i] = true;
  }
  return covered[0] as boolean;
}

/** Whether the password is common or a keyboard walk (case-insensitive). */
export function isGuessable(password: string): boolean {
  const lower = password.toLowerCase();
  const list = commonPasswords();
  if (list.has(lower)) return true;
  const trimmed = lower.replace(/[^a-z0-9]{1,2}$/, '');
  if (trimmed !== lower && list.has(trimmed)) return true;
  return isKeyboardWalk(password);
}

/** The contracts' rule, then the common-password and keyboard checks; the Chinese reason, or null. */
export function serverPasswordProblem(
  pwd: string,
  ctx: { username?: string; mobile?: string } = {},
): string | null {
  return passwordProblem(pwd, ctx) ?? (isGuessable(pwd) ? COMMON_MESSAGE : null);
}
