import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import type { FocusEvent, KeyboardEvent } from 'react';
import {
  ChinaDateTimePicker,
  type ChinaDateTimePickerProps,
  chinaInstant,
  chinaNow,
  DATE_TIME_MINUTE,
} from '../../components/index.ts';

dayjs.extend(customParseFormat);

/** How claim times are shown and typed (China time). */
export const TIME_FORMAT = DATE_TIME_MINUTE;

/**
 * The value of a claim time field: a time, or the text a person typed that is not a time (kept so the
 * field's rule can refuse it instead of the picker quietly going back to the previous time).
 */
export type TypedTime = Dayjs | string | undefined | null;

/** The problem of a typed text that is not a time, or null. */
export function typedTimeProblem(v: TypedTime, label: string): string | null {
  if (typeof v !== 'string') return null;
  return `${label}“${v}”不是完整的时间，请按“年-月-日 时:分”输入，如 ${chinaNow().format(TIME_FORMAT)}`;
}

/**
 * A typed text as a time (strict YYYY-MM-DD HH:mm, China time), the text itself when it is not one,
 * undefined if empty.
 */
export function parseTyped(text: string): Dayjs | string | undefined {
  const t = text.trim();
  if (!t) return undefined;
  const d = dayjs(t, TIME_FORMAT, true);
  return d.isValid() ? chinaInstant(d) : t;
}

type Props = Omit<ChinaDateTimePickerProps, 'value' | 'onChange' | 'format'> & {
  value?: TypedTime;
  onChange?: (v: TypedTime) => void;
};

/**
 * DatePicker with time for the claim forms that never drops what was typed. The picker itself accepts a
 * typed time only if its calendar allows the day, and otherwise keeps the previous value while Enter goes
 * on to submit the form. Here a typed time is committed on Enter or leaving the field, whatever its day
 * (the field's rule then names a date-order problem), and a text that is not a time is kept as text for
 * the rule to refuse. Enter that changes the value only commits it: the form is not submitted with it
 * unseen. Times are China time whatever the browser's zone (ChinaDateTimePicker).
 */
export function TimeField({ value, onChange, onKeyDown, onBlur, ...rest }: Props) {
  const current = dayjs.isDayjs(value) ? value : null;
  const shownText = current ? current.format(TIME_FORMAT) : typeof value === 'string' ? value : '';

  /** Commits the input's text; true when it changed the value. */
  const commit = (text: string): boolean => {
    if (text.trim() === shownText) return false;
    const next = parseTyped(text);
    if (next === undefined) return false; // emptied: the clear button or the required rule handles it
    if (dayjs.isDayjs(next) && current?.isSame(next, 'minute')) return false;
    onChange?.(next);
    return true;
  };

  return (
    <ChinaDateTimePicker
      {...rest}
      value={current}
      onChange={(d) => onChange?.(d ?? undefined)}
      format={TIME_FORMAT}
      preserveInvalidOnBlur
      onKeyDown={(e: KeyboardEvent<HTMLElement>, preventDefault) => {
        if (e.key === 'Enter' && e.target instanceof HTMLInputElement && commit(e.target.value))
          e.preventDefault();
        onKeyDown?.(e, preventDefault);
      }}
      onBlur={(e: FocusEvent<HTMLElement>, info) => {
        if (e.target instanceof HTMLInputElement) commit(e.target.value);
        onBlur?.(e, info);
      }}
    />
  );
}
