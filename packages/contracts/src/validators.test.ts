import { describe, expect, it } from 'vitest';
import {
  isValidIdCard,
  isValidLandline,
  isValidMobile,
  isValidUscc,
  maskIdCard,
  maskMobile,
  normalizeMobile,
  usccCheckChar,
} from './validators.ts';

describe('USCC (GB 32100-2015)', () => {
  it('accepts published codes and their check characters', () => {
    // Public codes self-tested in domain.md 4.1.
    for (const code of ['914403001922038216', '91440300708461136T', '91330100799655058B']) {
      expect(isValidUscc(code), code).toBe(true);
    }
    expect(isValidUscc(' 91440300708461136t ')).toBe(true); // trimmed and upper-cased
    expect(usccCheckChar('91440300708461136')).toBe('T');
    expect(usccCheckChar('91330100799655058')).toBe('B');
  });

  it('refuses a wrong check character, excluded letters, wrong lengths and empty input', () => {
    expect(isValidUscc('914403001922038217')).toBe(false);
    expect(isValidUscc('91440300708461136U')).toBe(false);
    expect(isValidUscc('9144030070846113IT')).toBe(false); // I is not in the character set
    expect(isValidUscc('91440300708461136O')).toBe(false); // O neither
    expect(isValidUscc('91440300708461136')).toBe(false);
    expect(isValidUscc('91440300708461136TT')).toBe(false);
    expect(isValidUscc('')).toBe(false);
  });

  it('round-trips generated Suqian codes', () => {
    for (const body of ['91321302MA1XK2P3Q', '91321324MA2YB7N4R', '11321300MB1234567']) {
      const code = body + usccCheckChar(body);
      expect(isValidUscc(code)).toBe(true);
      const wrong = body + (usccCheckChar(body) === '0' ? '1' : '0');
      expect(isValidUscc(wrong)).toBe(false);
    }
  });
});

describe('resident ID number (GB 11643-1999)', () => {
  const now = new Date('2026-06-01T00:00:00Z');
  it('accepts valid numbers, including the standard example with X and a lowercase x', () => {
    for (const id of [
      '11010519491231002X',
      '11010519491231002x',
      '321302198506123018',
      '321322199002284520',
    ]) {
      expect(isValidIdCard(id, now), id).toBe(true);
    }
  });
  it('refuses wrong check digits, impossible or future birth dates and the 15-digit form', () => {
    expect(isValidIdCard('110105194912310021', now)).toBe(false);
    expect(isValidIdCard('321302198506123019', now)).toBe(false);
    expect(isValidIdCard('321302198502303015', now)).toBe(false); // 30 February
    expect(isValidIdCard('321302203001013014', now)).toBe(false); // born in 2030
    expect(isValidIdCard('018501198506123018', now)).toBe(false); // address must start 1-8
    expect(isValidIdCard('321302850612301', now)).toBe(false); // legacy 15-digit
    expect(isValidIdCard('', now)).toBe(false);
  });
});

describe('mobile and landline (domain 4.4)', () => {
  it('accepts mainland mobiles, with or without a +86 prefix', () => {
    for (const m of ['13805270001', '19912345678', '16212345678', '+8613912345678', '008618912345678']) {
      expect(isValidMobile(m), m).toBe(true);
    }
    expect(normalizeMobile('+8613912345678')).toBe('13912345678');
  });
  it('refuses numbers that are not 11 digits starting 13-19', () => {
    for (const m of ['12345678901', '1380527000', '138052700011', '10012345678', '1380527000a', '']) {
      expect(isValidMobile(m), m).toBe(false);
    }
  });
  it('landlines: Suqian 0527 with optional hyphen and extension', () => {
    expect(isValidLandline('0527-84361234')).toBe(true);
    expect(isValidLandline('052784361234-801')).toBe(true);
    expect(isValidLandline('84361234')).toBe(false);
  });
  it('masks first 3 + last 4 of a mobile and first 6 + last 4 of an ID', () => {
    expect(maskMobile('13805270001')).toBe('138****0001');
    expect(maskIdCard('321302198506123018')).toBe('321302********3018');
    expect(maskIdCard(null)).toBe('');
  });
});
