import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { badRequest } from './errors.ts';

/**
 * Spec 7: "Params go in the query unless JSON body is stated". Write routes whose spec entry states no
 * JSON body accept their fields in the query string as well as in a JSON body, checked by the same zod
 * schema: `preValidation: queryAsBody(schema)` next to `schema: { body: schema }`.
 *
 * Query values are strings; each is turned into the type its schema field expects before validation:
 * numbers (`sort=3`), booleans (`isHighRisk=true|false|1|0`), `null` for an empty nullable field,
 * lists (`areaCodes=321302,321311`, the key repeated, or a JSON array) and objects as JSON
 * (`apis=[{"method":"GET","url":"/api/dict/findAll"}]`). Anything that does not convert is left as it
 * is, so the schema refuses it with its own message. Where a field is in both, the JSON body wins.
 */

type AnySchema = z.core.$ZodType;
interface Def {
  type: string;
  innerType?: AnySchema;
  in?: AnySchema;
  element?: AnySchema;
}
const def = (s: AnySchema) => s._zod.def as unknown as Def;

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** The schema under optional/default/nullable/pipe wrappers, and whether null is allowed. */
function unwrap(schema: AnySchema): { base: Def; nullable: boolean } {
  let cur = schema;
  let nullable = false;
  for (let i = 0; i < 20; i++) {
    const d = def(cur);
    if (d.type === 'nullable') nullable = true;
    if (WRAPPERS.has(d.type) && d.innerType) cur = d.innerType;
    else if (d.type === 'pipe' && d.in) cur = d.in;
    else break;
  }
  return { base: def(cur), nullable };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** One query value converted to what `schema` expects (or left unchanged). */
export function fromQueryValue(schema: AnySchema, raw: unknown): unknown {
  const { base, nullable } = unwrap(schema);
  if (typeof raw === 'string' && nullable && (raw === '' || raw === 'null')) return null;
  switch (base.type) {
    case 'number':
    case 'int':
      return typeof raw === 'string' && NUMBER.test(raw.trim()) ? Number(raw.trim()) : raw;
    case 'boolean':
      if (raw === 'true' || raw === '1') return true;
      if (raw === 'false' || raw === '0') return false;
      return raw;
    case 'array': {
      let items: unknown = raw;
      if (typeof raw === 'string') {
        const text = raw.trim();
        if (text.startsWith('[')) items = parseJson(text);
        else if (text === '') items = [];
        else {
          const element = base.element ? unwrap(base.element).base.type : '';
          // A list of objects comes as JSON; a list of scalars may be comma-separated.
          items = element === 'object' ? [parseJson(text)] : text.split(',').map((v) => v.trim());
        }
      }
      if (!Array.isArray(items) || !base.element) return items;
      const element = base.element;
      return items.map((v) => (typeof v === 'string' ? fromQueryValue(element, v) : v));
    }
    case 'object':
      return typeof raw === 'string' && raw.trim().startsWith('{') ? parseJson(raw.trim()) : raw;
    default:
      return raw;
  }
}

/** Summary suffix of the routes that use queryAsBody (the OpenAPI text says where parameters may go). */
export const QUERY_OR_BODY = '（参数可放在查询串或 JSON 请求体）';

/** A preValidation hook: the query's fields, converted by `schema`, merged under the JSON body. */
export function queryAsBody(schema: z.ZodObject) {
  const shape = schema.shape as Record<string, AnySchema>;
  return async (req: FastifyRequest): Promise<void> => {
    const query = req.query as Record<string, unknown> | undefined;
    const keys = query ? Object.keys(query) : [];
    if (keys.length === 0) return;
    const body = req.body;
    // A body that is not a JSON object is left to the schema to refuse.
    if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body))) return;
    const merged: Record<string, unknown> = {};
    for (const key of keys) {
      if (FORBIDDEN_KEYS.has(key)) throw badRequest('请求包含非法字段');
      const field = Object.hasOwn(shape, key) ? shape[key] : undefined;
      const raw = query?.[key];
      merged[key] = field ? fromQueryValue(field, raw) : raw;
    }
    Object.assign(merged, body ?? {});
    const checked = schema.safeParse(merged);
    if (!checked.success) {
      // Named like the platform's validation errors, with where the field came from.
      const issue = checked.error.issues[0];
      const top = String(issue?.path[0] ?? '');
      const fromQuery = top !== '' && keys.includes(top) && !(body && Object.hasOwn(body, top));
      // Without a JSON body everything came from the query.
      const label = fromQuery || !body ? '参数' : '请求体';
      const field = issue?.path.join('.') ?? '';
      throw badRequest(`${label}${field ? ` ${field} ` : ''}有误：${issue?.message ?? '取值无效'}`, {
        fields: checked.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message })),
      });
    }
    req.body = merged;
  };
}
