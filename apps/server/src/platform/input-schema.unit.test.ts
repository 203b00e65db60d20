import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isStrictInput } from './input-schema.ts';

describe('isStrictInput', () => {
  it('takes strict objects through the wrappers routes use', () => {
    const strict = z.object({ a: z.string() }).strict();
    expect(isStrictInput(strict)).toBe(true);
    expect(isStrictInput(strict.optional())).toBe(true);
    expect(isStrictInput(strict.refine(() => true))).toBe(true);
    expect(isStrictInput(strict.transform((v) => v.a))).toBe(true);
    expect(isStrictInput(z.union([strict, z.object({ b: z.number() }).strict()]))).toBe(true);
    expect(isStrictInput(z.intersection(strict, z.object({ b: z.number() }).strict()))).toBe(true);
  });

  it('refuses objects that pass or keep unknown keys, and what is not a zod object', () => {
    expect(isStrictInput(z.object({ a: z.string() }))).toBe(false);
    expect(isStrictInput(z.object({ a: z.string() }).passthrough())).toBe(false);
    expect(isStrictInput(z.union([z.object({ a: z.string() }).strict(), z.object({ b: z.number() })]))).toBe(
      false,
    );
    expect(isStrictInput({ type: 'object', properties: {} })).toBe(false);
    expect(isStrictInput(undefined)).toBe(false);
  });
});
