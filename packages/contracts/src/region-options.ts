/** The city and its districts (spec 9), zod-free. */
import { defineOptions } from './options.ts';

export const CITY_CODE = '321300';
export const CITY_NAME = '宿迁市';
export const DISTRICTS = defineOptions([
  { value: '321302', label: '宿城区' },
  { value: '321311', label: '宿豫区' },
  { value: '321322', label: '沭阳县' },
  { value: '321323', label: '泗阳县' },
  { value: '321324', label: '泗洪县' },
]);

/** A city-level code covers all its districts (321300 → every 3213xx). */
export function isCityLevel(code: string): boolean {
  return code === CITY_CODE || /^\d{4}00$/.test(code);
}

/**
 * The districts a person is limited to when they address people or manage what was addressed to them
 * (government users' district codes): null at city level (no districts, a city-level code, or every
 * district of the city), otherwise their own district codes.
 */
export function governedDistricts(districtCodes: readonly string[]): string[] | null {
  const own = [...new Set(districtCodes)];
  if (own.length === 0 || own.some(isCityLevel)) return null;
  if (DISTRICTS.every((d) => own.includes(d.value))) return null;
  return own;
}
