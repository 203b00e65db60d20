import { type Compilable, type CompiledQuery, createQueryId, type Kysely } from 'kysely';
import type { DB } from './schema.ts';

/**
 * Compiled query templates for the hot paged lists.
 *
 * Building a Kysely query (immutable node trees, plugins rewriting identifiers, the compiler) costs more
 * server CPU than PostgreSQL spends running a page of a list (measured on the policy list under load: the
 * builder and compiler took about a sixth of the request). A list's SQL text depends only on its *shape*
 * (which filters are present, the row-scope kind, how many districts), not on the values. So the query is
 * built and compiled once per shape with placeholder slots in place of the values, and each request only
 * puts its values into the parameter list.
 *
 * Rules for a template's `build`:
 * - every value that varies goes through `v` (or an array of them), unchanged: no string built from it,
 *   no branch on it. Branches may only look at what the `shape` key names.
 * - the `shape` key must name everything the SQL text depends on: present filters, enum values that pick
 *   a branch, array lengths. Two requests with the same key must build the same SQL.
 * A slot left in the SQL text instead of the parameters, or a value that is not a slot, is caught when the
 * template is compiled (`TemplateError`), so a broken template fails its first test instead of serving
 * wrong rows.
 */

/** A placeholder for one value (an array value becomes one slot per element). */
class Slot {
  readonly name: string;
  readonly index: number | null;
  constructor(name: string, index: number | null) {
    this.name = name;
    this.index = index;
  }
}

export class TemplateError extends Error {}

type Values = Record<string, unknown>;

interface Template {
  sql: string;
  query: CompiledQuery['query'];
  /** Per parameter: the slot it takes its value from. */
  slots: Slot[];
  /** Length of each array value the template was built with (null: a single value). */
  lengths: Map<string, number | null>;
  /** Result row (snake_case columns) to camelCase object, made from the first result's columns. */
  mapRow?: (row: Record<string, unknown>) => unknown;
}

const MAX_TEMPLATES = 500;
const templates = new WeakMap<object, Map<string, Template>>();

function slotted(values: Values): Values {
  const out: Values = {};
  for (const [name, value] of Object.entries(values)) {
    out[name] = Array.isArray(value) ? value.map((_, i) => new Slot(name, i)) : new Slot(name, null);
  }
  return out;
}

function compileTemplate(build: (v: Values) => Compilable<unknown>, values: Values): Template {
  const compiled = build(slotted(values)).compile();
  if (compiled.sql.includes('[object Object]'))
    throw new TemplateError('a slot was turned into text: pass values to the builder unchanged');
  const slots = compiled.parameters.map((p) => {
    if (!(p instanceof Slot))
      throw new TemplateError(`parameter ${String(p)} is not a slot: pass it through v`);
    return p;
  });
  const lengths = new Map(
    Object.entries(values).map(([name, v]) => [name, Array.isArray(v) ? v.length : null] as const),
  );
  return { sql: compiled.sql, query: compiled.query, slots, lengths };
}

/**
 * Runs the query `build` makes with `values`, compiling it only the first time this `shape` is seen for
 * this database. Returns the rows, typed as the builder's.
 */
export async function runTemplate<R>(
  db: Kysely<DB>,
  shape: string,
  values: Values,
  build: (v: Values) => Compilable<R>,
): Promise<R[]> {
  let cache = templates.get(db);
  if (!cache) {
    cache = new Map();
    templates.set(db, cache);
  }
  let tpl = cache.get(shape);
  if (!tpl) {
    tpl = compileTemplate(build, values);
    if (cache.size >= MAX_TEMPLATES) cache.clear();
    cache.set(shape, tpl);
  }
  for (const [name, length] of tpl.lengths) {
    const v = values[name];
    if (!Object.hasOwn(values, name) || (Array.isArray(v) ? v.length : null) !== length)
      throw new TemplateError(
        `shape ${shape}: ${name} is not shaped like the template's (put its length in the key)`,
      );
  }
  const parameters = tpl.slots.map((s) => {
    const value = values[s.name];
    return s.index === null ? value : (value as unknown[])[s.index];
  });
  const compiled: CompiledQuery<R> = { sql: tpl.sql, query: tpl.query, queryId: createQueryId(), parameters };
  const { rows } = await withoutPlugins(db).executeQuery(compiled);
  if (rows.length === 0) return [];
  tpl.mapRow ??= rowMapper(Object.keys(rows[0] as object));
  return rows.map((r) => tpl.mapRow!(r as Record<string, unknown>) as R);
}

const plain = new WeakMap<Kysely<DB>, Kysely<DB>>();

/**
 * The database without its plugins: a template's SQL was already rewritten by them when it was compiled,
 * and its rows are mapped by the template's own row mapper. (A template is a read: the auth-write watcher
 * has nothing to see.)
 */
function withoutPlugins(db: Kysely<DB>): Kysely<DB> {
  let p = plain.get(db);
  if (!p) {
    p = db.withoutPlugins();
    plain.set(db, p);
  }
  return p;
}

const camel = (snake: string) => snake.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/**
 * A row mapper for a template's columns: one object literal with the camelCase keys (what CamelCasePlugin
 * does per row and per key, done once per template). Column names come from the template's own SQL
 * aliases and are written as JSON string literals. Nested JSON values are returned as stored.
 */
function rowMapper(columns: string[]): (row: Record<string, unknown>) => unknown {
  const body = columns.map((c) => `${JSON.stringify(camel(c))}: r[${JSON.stringify(c)}]`).join(', ');
  return new Function('r', `return { ${body} };`) as (row: Record<string, unknown>) => unknown;
}
