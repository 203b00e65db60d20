import { afterEach, describe, expect, it } from 'vitest';
import {
  ACCESS_TOKEN_KEY,
  clearToken,
  getToken,
  SESSION_KEYS,
  STORAGE_PREFIX,
  sessionValues,
  setToken,
  storage,
  TOKEN_TTL_MS,
} from './storage.ts';

afterEach(() => localStorage.clear());

describe('namespaced storage', () => {
  it('stores under the prefix as { value, expire }', () => {
    storage.set('k', { a: 1 }, null, 1000);
    const raw = localStorage.getItem(`${STORAGE_PREFIX}k`);
    expect(JSON.parse(raw ?? '')).toEqual({ value: { a: 1 }, expire: null });
    expect(storage.get('k')).toEqual({ a: 1 });
  });

  it('expires values after their lifetime and removes them', () => {
    storage.set('t', 'x', 100, 1000);
    expect(storage.get('t', null, 1099)).toBe('x');
    expect(storage.get('t', null, 1100)).toBeNull();
    expect(localStorage.getItem(`${STORAGE_PREFIX}t`)).toBeNull();
  });

  it('treats unreadable entries as absent', () => {
    localStorage.setItem(`${STORAGE_PREFIX}bad`, '{not json');
    expect(storage.get('bad', 'fallback')).toBe('fallback');
    localStorage.setItem(`${STORAGE_PREFIX}raw`, '"plain"');
    expect(storage.get('raw', 'fallback')).toBe('fallback');
  });

  it('does not read keys outside its namespace', () => {
    localStorage.setItem('k', JSON.stringify({ value: 1, expire: null }));
    expect(storage.get('k')).toBeNull();
  });
});

describe('token (spec 9)', () => {
  it('is stored under Access-Token for 7 days', () => {
    expect(ACCESS_TOKEN_KEY).toBe('Access-Token');
    expect(TOKEN_TTL_MS).toBe(604_800_000);
    const before = Date.now();
    setToken('abc');
    const entry = JSON.parse(localStorage.getItem(`${STORAGE_PREFIX}Access-Token`) ?? '');
    expect(entry.value).toBe('abc');
    expect(entry.expire).toBeGreaterThanOrEqual(before + TOKEN_TTL_MS);
    expect(entry.expire).toBeLessThanOrEqual(Date.now() + TOKEN_TTL_MS);
    expect(getToken()).toBe('abc');
  });

  it('reads as absent once expired and after clearing', () => {
    storage.set(ACCESS_TOKEN_KEY, 'old', 10, Date.now() - 100);
    expect(getToken()).toBeNull();
    setToken('abc');
    clearToken();
    expect(getToken()).toBeNull();
  });
});

describe('session values (spec 4: base64 in session storage)', () => {
  afterEach(() => sessionStorage.clear());

  it('round-trips values, Chinese included, base64-encoded under the prefix', () => {
    sessionValues.set(SESSION_KEYS.apType, { type: 2, name: '隐患排查' });
    const raw = sessionStorage.getItem(`${STORAGE_PREFIX}apType`) ?? '';
    expect(raw).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(raw).not.toContain('隐患');
    expect(sessionValues.get(SESSION_KEYS.apType)).toEqual({ type: 2, name: '隐患排查' });
    sessionValues.remove(SESSION_KEYS.apType);
    expect(sessionValues.get(SESSION_KEYS.apType)).toBeNull();
  });

  it('reads garbage as absent', () => {
    sessionStorage.setItem(`${STORAGE_PREFIX}apId`, '%%%');
    expect(sessionValues.get(SESSION_KEYS.apId)).toBeNull();
  });
});
