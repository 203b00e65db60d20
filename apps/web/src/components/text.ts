/** Text helpers for tables and cards (spec 5 and 9). */

const ELLIPSIS = '…';

function charWidth(ch: string): number {
  return (ch.codePointAt(0) ?? 0) <= 0x7f ? 1 : 2;
}

/** Display width of a string: ASCII characters count 1, every other character (Chinese etc.) counts 2. */
export function textWidth(s: string | null | undefined): number {
  if (!s) return 0;
  let width = 0;
  for (const ch of s) width += charWidth(ch);
  return width;
}

/**
 * Cuts `s` to at most `width` display units (see textWidth) and appends … when anything was cut.
 * Never splits a surrogate pair.
 */
export function ellipsis(s: string | null | undefined, width: number): string {
  if (!s) return '';
  if (textWidth(s) <= width) return s;
  let used = 0;
  let out = '';
  for (const ch of s) {
    const w = charWidth(ch);
    if (used + w > width) break;
    used += w;
    out += ch;
  }
  return out + ELLIPSIS;
}

/** Spec 9: text longer than 20 characters shows its first 20 followed by an ellipsis. */
export function truncate20(s: string | null | undefined): string {
  if (!s) return '';
  const chars = Array.from(s);
  return chars.length > 20 ? `${chars.slice(0, 20).join('')}${ELLIPSIS}` : s;
}

function groupThousands(integerDigits: string): string {
  return integerDigits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * Number filter with thousands separators: 1234567.891 -> '1,234,567.891', -1200 -> '-1,200'.
 * Decimals are kept as given (no rounding). null, undefined, '' and non-finite numbers show '-';
 * a string that is not a plain number is returned unchanged.
 */
export function thousands(n: number | string | null | undefined): string {
  if (n === null || n === undefined) return '-';
  if (typeof n === 'number') {
    if (!Number.isFinite(n)) return '-';
    if (Object.is(n, -0)) return '0';
    const plain = String(n);
    // Exponent forms (|n| >= 1e21 or < 1e-6) are rare enough to leave to Intl.
    if (/e/i.test(plain)) return n.toLocaleString('en-US', { maximumFractionDigits: 20 });
    return formatPlain(plain) ?? plain;
  }
  const text = n.trim();
  if (!text) return '-';
  return formatPlain(text) ?? n;
}

/** Groups a plain decimal string; null when it is not one. */
function formatPlain(text: string): string | null {
  const match = /^([+-]?)(\d+)(\.\d+)?$/.exec(text);
  if (!match) return null;
  const [, sign, digits = '', fraction = ''] = match;
  const trimmed = digits.replace(/^0+(?=\d)/, '');
  return `${sign === '-' ? '-' : ''}${groupThousands(trimmed)}${fraction}`;
}

/**
 * `formatter` and `parser` of an InputNumber that shows thousands separators (1234567.5 → '1,234,567.5').
 * The parser hands the digits on as text, which InputNumber reads as its number: an emptied field stays
 * empty, where `Number('')` would turn it into 0.
 */
export const thousandsInput = {
  formatter: (v: number | string | null | undefined): string =>
    v === undefined || v === null || `${v}` === '' ? '' : groupThousands(`${v}`),
  parser: (v: string | undefined): number => (v ?? '').replace(/,/g, '') as unknown as number,
};
