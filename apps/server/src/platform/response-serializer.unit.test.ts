import { envelope } from '@aqzrx/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { droppedKeys, responseSerializer } from './response-serializer.ts';

const schema = envelope(z.object({ list: z.array(z.object({ id: z.number(), name: z.string() })) }));
const compile = (strict: boolean) =>
  responseSerializer(strict)({ schema, method: 'POST', url: '/api/x', httpStatus: '200' } as never);
const answer = (extra: Record<string, unknown>) => ({
  error: 0,
  apiError: 0,
  result: '操作成功',
  data: {
    list: [
      { id: 1, name: '甲' },
      { id: 2, name: '乙', ...extra },
    ],
  },
});

describe('response serializer', () => {
  it('names the fields a schema would drop, in nested lists too', () => {
    expect(droppedKeys({ a: 1, b: { c: [{ d: 1, e: 2 }] } }, { a: 1, b: { c: [{ d: 1 }] } })).toEqual([
      'b.c[0].e',
    ]);
    expect(droppedKeys({ a: 1 }, { a: 1, extra: 2 })).toEqual([]);
  });

  it('outside production refuses a response the schema would cut; in production it encodes as zod does', () => {
    expect(JSON.parse(compile(true)(answer({})))).toEqual(answer({}));
    expect(() => compile(true)(answer({ secret: 'x' }))).toThrow(
      'response schema of POST /api/x (200) drops data.list[1].secret',
    );
    expect(JSON.parse(compile(false)(answer({ secret: 'x' })))).toEqual(answer({}));
  });
});
