import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { assertCurrentRow, assertVersion, foundOrStale } from './versioned.ts';

const status = (fn: () => unknown) => {
  try {
    fn();
    return 'passed';
  } catch (e) {
    return e instanceof AppError ? e.status : 'other';
  }
};

describe('versioned (pure checks)', () => {
  it('assertVersion passes only the current version; an absent row is version 0', () => {
    expect(status(() => assertVersion({ version: 3 }, 3))).toBe('passed');
    expect(status(() => assertVersion({ version: 3 }, 2))).toBe(409);
    expect(status(() => assertVersion(undefined, 0))).toBe('passed');
    expect(status(() => assertVersion(undefined, 1))).toBe(409);
  });

  it('assertCurrentRow needs the same id and version, or nothing on both sides', () => {
    expect(status(() => assertCurrentRow({ id: 5, version: 2 }, { id: 5, version: 2 }))).toBe('passed');
    expect(status(() => assertCurrentRow(undefined, undefined))).toBe('passed');
    expect(status(() => assertCurrentRow({ id: 5, version: 2 }, { id: 4, version: 2 }))).toBe(409);
    expect(status(() => assertCurrentRow({ id: 5, version: 2 }, { id: 5, version: 1 }))).toBe(409);
    expect(status(() => assertCurrentRow(undefined, { id: 5, version: 2 }))).toBe(409);
    expect(status(() => assertCurrentRow({ id: 5, version: 2 }, undefined))).toBe(409);
  });

  it('foundOrStale returns what was found and answers 409 for nothing', () => {
    expect(foundOrStale({ version: 1 })).toEqual({ version: 1 });
    expect(foundOrStale(0)).toBe(0);
    expect(status(() => foundOrStale(undefined))).toBe(409);
  });
});
