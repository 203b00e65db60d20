import { describe, expect, it } from 'vitest';
import { districtChoiceOf, districtName } from './districts.ts';

const labels = (codes: string[]) => districtChoiceOf(codes).options.map((o) => o.label);

describe('district choice', () => {
  it('a district-level regulator gets its own districts only', () => {
    expect(labels(['321302'])).toEqual(['宿城区']);
    expect(labels(['321324', '321311'])).toEqual(['宿豫区', '泗洪县']);
    expect(districtChoiceOf(['321302']).limited).toBe(true);
  });

  it('city level (every district, a city code or none) gets all five', () => {
    const all = ['宿城区', '宿豫区', '沭阳县', '泗阳县', '泗洪县'];
    expect(labels(['321302', '321311', '321322', '321323', '321324'])).toEqual(all);
    expect(labels(['321300'])).toEqual(all);
    expect(labels([])).toEqual(all);
    expect(districtChoiceOf([]).limited).toBe(false);
  });
});

describe('districtName', () => {
  it('is the region name of the code: the city, a district, else the code as it is', () => {
    expect(districtName('321302')).toBe('宿城区');
    expect(districtName('321300')).toBe('宿迁市');
    expect(districtName('999999')).toBe('999999');
    expect(districtName(null)).toBe('');
  });
});
