import { serializerCompiler } from 'fastify-type-provider-zod';

type SerializerCompiler = typeof serializerCompiler;

/**
 * Where a response schema would drop what the handler answered: paths of object keys present in the
 * handler's data (as JSON) and absent from what the schema encodes. Arrays are compared item by item.
 */
export function droppedKeys(sent: unknown, encoded: unknown, path = ''): string[] {
  if (Array.isArray(sent) && Array.isArray(encoded)) {
    return sent.flatMap((item, i) => droppedKeys(item, encoded[i], `${path}[${i}]`));
  }
  if (!isRecord(sent) || !isRecord(encoded)) return [];
  const out: string[] = [];
  for (const key of Object.keys(sent)) {
    const at = path ? `${path}.${key}` : key;
    if (!(key in encoded)) out.push(at);
    else out.push(...droppedKeys(sent[key], encoded[key], at));
  }
  return out;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * The zod response serializer; outside production it also refuses (500, logged with the paths) a
 * response whose schema would silently drop fields the handler answered. Response schemas document
 * and check what a route answers; a forgotten field must fail the tests, not vanish from the answer.
 */
export function responseSerializer(strict: boolean): SerializerCompiler {
  if (!strict) return serializerCompiler;
  return (route) => {
    const serialize = serializerCompiler(route);
    return (data) => {
      const json = serialize(data);
      const dropped = droppedKeys(JSON.parse(JSON.stringify(data) ?? 'null'), JSON.parse(json));
      if (dropped.length > 0) {
        throw new Error(
          `response schema of ${route.method} ${route.url} (${String(route.httpStatus)}) drops ${dropped.slice(0, 10).join(', ')}`,
        );
      }
      return json;
    };
  };
}
