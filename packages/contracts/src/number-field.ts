import { z } from 'zod';
import { hasAtMostDecimals, type NumberRange, numberRangeMessage } from './number-range.ts';

/**
 * A number field of a request within a range: a value outside it (or with more decimals than allowed) is
 * refused with the message the web forms show for it, naming the field and the range (number-range.ts).
 */
export function rangedNumber(label: string, r: NumberRange) {
  const msg = numberRangeMessage(label, r);
  let s = z.number({ error: `${label}须为数字` });
  if (r.decimals === 0) s = s.int(msg);
  if (r.min !== undefined) s = r.minExclusive ? s.gt(r.min, msg) : s.min(r.min, msg);
  if (r.max !== undefined) s = s.max(r.max, msg);
  const decimals = r.decimals;
  if (decimals) s = s.refine((v) => hasAtMostDecimals(v, decimals), msg);
  return s;
}
