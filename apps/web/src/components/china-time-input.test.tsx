import { formatChinaTime } from '@aqzrx/contracts/constants';
import { fireEvent, screen } from '@testing-library/react';
import dayjs, { type Dayjs } from 'dayjs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test/render.tsx';
import { ChinaDateTimePicker } from './ChinaDateTimePicker.tsx';
import { afterChinaToday, chinaInstant, chinaNow, chinaPickerValue, chinaToday } from './china-time-input.ts';

// The browser's zone is UTC here: a time entered must still be China time (UTC+8).
const zone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'UTC';
});
afterAll(() => {
  process.env.TZ = zone;
});

describe('China time in pickers', () => {
  it('reads what a picker shows as China time, and shows a server instant in China time', () => {
    expect(new Date(2026, 0, 1).getTimezoneOffset()).toBe(0);
    const typed = dayjs('2026-03-05 09:30'); // parsed in the browser's zone, as antd parses typed text
    expect(chinaInstant(typed).toISOString()).toBe('2026-03-05T01:30:00.000Z');
    const shown = chinaPickerValue('2026-03-05T01:30:00.000Z')!;
    expect(shown.format('YYYY-MM-DD HH:mm')).toBe('2026-03-05 09:30');
    // A value already in China time stays the same instant.
    expect(chinaInstant(shown).toISOString()).toBe('2026-03-05T01:30:00.000Z');
    expect(chinaPickerValue(null)).toBeUndefined();
    expect(chinaPickerValue('not a time')).toBeUndefined();
  });

  it('now and today are China time; the pickers’ own now (dayjs().tz()) too', () => {
    const china = formatChinaTime(new Date(), 'minute');
    expect(chinaNow().format('YYYY-MM-DD HH:mm')).toBe(china);
    expect(chinaToday()).toBe(china.slice(0, 10));
    expect(dayjs().tz().format('YYYY-MM-DD HH:mm')).toBe(china);
    expect(afterChinaToday(dayjs(chinaToday()))).toBe(false);
    expect(afterChinaToday(dayjs(chinaToday()).add(1, 'day'))).toBe(true);
  });

  it('ChinaDateTimePicker hands the form the instant of the China time typed', async () => {
    const onChange = vi.fn<(v: Dayjs | null) => void>();
    renderWithApp(<ChinaDateTimePicker onChange={onChange} placeholder="时间" />);
    const input = screen.getByPlaceholderText('时间') as HTMLInputElement;
    fireEvent.mouseDown(input);
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '2026-03-05 09:30' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
    await vi.waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(onChange.mock.lastCall?.[0]?.toISOString()).toBe('2026-03-05T01:30:00.000Z');
  });
});
