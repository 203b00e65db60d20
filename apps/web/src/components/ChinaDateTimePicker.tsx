import { DatePicker, type DatePickerProps } from 'antd';
import type { Dayjs } from 'dayjs';
import { chinaInstant } from './china-time-input.ts';

/** How times with minutes are shown and typed. */
export const DATE_TIME_MINUTE = 'YYYY-MM-DD HH:mm';

export type ChinaDateTimePickerProps = Omit<DatePickerProps, 'value' | 'onChange' | 'showTime'> & {
  value?: Dayjs | null | undefined;
  onChange?: (v: Dayjs | null) => void;
};

/**
 * A date-and-time picker whose time is China time whatever the browser's zone: what is typed or picked
 * (09:30) reaches the form as the instant 09:30 in China (01:30Z), and a value from the server shows its
 * China time (give it `chinaPickerValue(iso)`). Send `value.toISOString()`.
 */
export function ChinaDateTimePicker({ value, onChange, format, ...rest }: ChinaDateTimePickerProps) {
  return (
    <DatePicker
      {...rest}
      value={value ?? null}
      showTime={{ format: 'HH:mm' }}
      format={format ?? DATE_TIME_MINUTE}
      onChange={(d) => onChange?.(d ? chinaInstant(d) : null)}
    />
  );
}
