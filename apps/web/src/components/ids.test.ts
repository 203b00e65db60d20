import { afterEach, describe, expect, it, vi } from 'vitest';
import { fileIdOf, fileUrlOf, newIdempotencyKey } from './ids.ts';

const ID = '1b4e28ba-2fa1-11d2-883f-0016d3cca427';

describe('fileIdOf', () => {
  it('reads the UUID of stored and public file URLs, lower-cased', () => {
    expect(fileIdOf(`/api/file/${ID}`)).toBe(ID);
    expect(fileIdOf(`/api/public/file/${ID.toUpperCase()}`)).toBe(ID);
  });
  it('is undefined without a file id', () => {
    expect(fileIdOf('/api/file/x')).toBeUndefined();
    expect(fileIdOf('')).toBeUndefined();
    expect(fileIdOf(null)).toBeUndefined();
    expect(fileIdOf(undefined)).toBeUndefined();
  });
  it('round-trips with fileUrlOf', () => {
    expect(fileUrlOf(ID)).toBe(`/api/file/${ID}`);
    expect(fileIdOf(fileUrlOf(ID))).toBe(ID);
    expect(fileUrlOf('a/b')).toBe('/api/file/a%2Fb');
  });
});

describe('newIdempotencyKey', () => {
  afterEach(() => vi.unstubAllGlobals());
  it('makes a different key each time', () => {
    const keys = new Set(Array.from({ length: 20 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(20);
  });
  it('falls back to time and random parts without crypto.randomUUID', () => {
    vi.stubGlobal('crypto', {});
    expect(newIdempotencyKey()).toMatch(/^\d+-[0-9a-z]+-[0-9a-z]+$/);
  });
});
