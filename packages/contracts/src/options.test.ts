import { describe, expect, expectTypeOf, it } from 'vitest';
import { ACCIDENT_LEVELS, CLAIM_PHASES, type ClaimPhase } from './claim-options.ts';
import { WS_INDUSTRIES } from './industry-options.ts';
import { defineOptions, ENABLE_STATUS, type OptionValue, optionLabel } from './options.ts';

describe('defineOptions', () => {
  const SIZES = defineOptions([
    { value: 's', label: '小', color: 'blue' },
    { value: 'm', label: '中' },
    { value: 'l', label: '大', color: 'red' },
  ]);

  it('keeps the items in order as a plain array', () => {
    expect(SIZES).toEqual([
      { value: 's', label: '小', color: 'blue' },
      { value: 'm', label: '中' },
      { value: 'l', label: '大', color: 'red' },
    ]);
    expect(Array.isArray(SIZES)).toBe(true);
    expect(Object.keys(SIZES)).toEqual(['0', '1', '2']);
    expect(JSON.parse(JSON.stringify(SIZES))).toEqual([...SIZES]);
    expect(SIZES.map((o) => o.value)).toEqual(['s', 'm', 'l']);
  });

  it('looks labels, colours and items up by value', () => {
    expect(SIZES.values).toEqual(['s', 'm', 'l']);
    expect(SIZES.label('m')).toBe('中');
    expect(SIZES.color('l')).toBe('red');
    expect(SIZES.color('m')).toBeUndefined();
    expect(SIZES.option('s')).toBe(SIZES[0]);
    expect(SIZES.has('l')).toBe(true);
    expect(SIZES.has('xl')).toBe(false);
  });

  it('answers nothing for a value that is not in the list, like optionLabel', () => {
    for (const v of ['xl', '', null, undefined]) {
      expect(SIZES.label(v)).toBe('');
      expect(SIZES.color(v)).toBeUndefined();
      expect(SIZES.option(v)).toBeUndefined();
    }
    // A number is not its text: value 1 is not '1'.
    expect(ACCIDENT_LEVELS.label(2)).toBe('一般事故');
    expect(ACCIDENT_LEVELS.has('2')).toBe(false);
    expect(optionLabel(ACCIDENT_LEVELS, 2)).toBe(ACCIDENT_LEVELS.label(2));
  });

  it("gives ProTable's valueEnum (text only) and badgeEnum (status from the preset colours)", () => {
    expect(SIZES.valueEnum).toEqual({ s: { text: '小' }, m: { text: '中' }, l: { text: '大' } });
    expect(ENABLE_STATUS.badgeEnum).toEqual({
      1: { text: '启用', status: 'Success' },
      0: { text: '停用', status: 'Default' },
    });
    expect(SIZES.badgeEnum).toEqual({ s: { text: '小' }, m: { text: '中' }, l: { text: '大' } });
  });

  it('derives the value type from the list and keeps extra fields', () => {
    expectTypeOf<OptionValue<typeof SIZES>>().toEqualTypeOf<'s' | 'm' | 'l'>();
    expectTypeOf<ClaimPhase>().toEqualTypeOf<
      'reported' | 'registered' | 'surveyed' | 'assessed' | 'paid' | 'closed' | 'withdrawn'
    >();
    expectTypeOf<OptionValue<typeof ACCIDENT_LEVELS>>().toEqualTypeOf<1 | 2 | 3 | 4 | 5>();
    expectTypeOf(WS_INDUSTRIES[0]!.mustInsure).toEqualTypeOf<boolean>();
    expect(WS_INDUSTRIES.option('AQ09')?.mustInsure).toBe(false);
    expect(CLAIM_PHASES.values).toHaveLength(7);
  });

  it('refuses an empty list', () => {
    expect(() => defineOptions([])).toThrow();
  });
});
