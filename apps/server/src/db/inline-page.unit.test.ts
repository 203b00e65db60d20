import { describe, expect, it } from 'vitest';
import { inlinePage } from './database.ts';

describe('inlinePage: a paged statement with its limit and offset as numbers', () => {
  it('writes a trailing limit and offset into the text and drops their parameters', () => {
    expect(
      inlinePage('select "id" from "t" where "a" = $1 order by "id" desc limit $2 offset $3', [5, 10, 20]),
    ).toEqual({
      text: 'select "id" from "t" where "a" = $1 order by "id" desc limit 10 offset 20',
      values: [5],
    });
    expect(inlinePage('select "id" from "t" where "a" = $1 limit $2', ['x', 1])).toEqual({
      text: 'select "id" from "t" where "a" = $1 limit 1',
      values: ['x'],
    });
  });

  it('leaves every other statement as it is', () => {
    const cases: [string, unknown[]][] = [
      // not the last parameters
      ['select * from (select "id" from "t" limit $1 offset $2) s where "b" = $3', [10, 0, 1]],
      ['select "id" from "t" limit $2 offset $1', [0, 10]],
      // not plain non-negative integers
      ['select "id" from "t" where "a" = $1 limit $2 offset $3', [1, '10', 0]],
      ['select "id" from "t" where "a" = $1 limit $2 offset $3', [1, 10, -1]],
      ['select "id" from "t" where "a" = $1 limit $2 offset $3', [1, 10.5, 0]],
      // deep pages stay parameters (each page would be a statement of its own on every connection)
      ['select "id" from "t" where "a" = $1 limit $2 offset $3', [1, 10, 1010]],
      ['select "id" from "t" where "a" = $1 limit $2', [1, 5000]],
      // no trailing page
      ['select "id" from "t" where "a" = $1 limit 5', [1]],
      ['update "t" set "a" = $1 where "id" = $2', [1, 2]],
    ];
    for (const [text, values] of cases) expect(inlinePage(text, values), text).toEqual({ text, values });
  });
});
