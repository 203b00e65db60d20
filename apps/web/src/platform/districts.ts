import { useMemo } from 'react';
import { useAuth } from './auth.ts';
import { CITY_CODE, CITY_NAME, DISTRICTS, governedDistricts, type Option, optionLabel } from './contracts.ts';

/** The districts a person may pick in district filters and district targets. */
export interface DistrictChoice {
  /** Every district of the city, or only the person's own (a district-level regulator). */
  options: Option<string>[];
  /** True when the person is limited to some districts (picking another would find or reach nothing). */
  limited: boolean;
}

/**
 * The district choice of someone holding `districtCodes`: a district-level regulator (district codes a
 * strict part of the city, see governedDistricts) is offered its own districts only; everyone else
 * (city level, no districts) all of them.
 */
export function districtChoiceOf(districtCodes: readonly string[]): DistrictChoice {
  const own = governedDistricts(districtCodes);
  if (own === null) return { options: DISTRICTS, limited: false };
  return { options: DISTRICTS.filter((d) => own.includes(d.value)), limited: true };
}

/**
 * The district options for the signed-in user: 所属区县 filters of the regulator's lists and the 接收区县
 * of notices and messages offer a district-level regulator its own districts only (the server answers
 * nothing or refuses for the others).
 */
export function useDistrictOptions(): DistrictChoice {
  // Compared by value: a reloaded user with the same districts keeps the same options.
  const key = (useAuth().user?.districtCodes ?? []).join(',');
  return useMemo(() => districtChoiceOf(key ? key.split(',') : []), [key]);
}

/**
 * The name of a region code of the city as people read it: 宿迁市 for the city itself, 宿城区 for 321302;
 * a code that is no region of the city stays as it is ('' for none).
 */
export function districtName(code: string | null | undefined): string {
  if (!code) return '';
  if (code === CITY_CODE) return CITY_NAME;
  return optionLabel(DISTRICTS, code) || code;
}
