import { endOfDay, startOfDay } from '../../platform/dates.ts';

/** A from/to pair of China dates as instants (the end inclusive of its whole day). */
export function dayBounds(from?: string, to?: string): { from?: Date; to?: Date } {
  return { ...(from ? { from: startOfDay(from) } : {}), ...(to ? { to: endOfDay(to) } : {}) };
}
