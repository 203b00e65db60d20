/**
 * Whether a route's input schema refuses what it does not declare (security.md V02, mass assignment): an object
 * schema must be strict (unknown keys → 400), through the wrappers routes use (optional, default, pipe,
 * transform, refine, union, intersection). Read from zod 4's definitions; a schema of another kind (a JSON schema
 * object, a plain string) counts as not strict.
 */
interface ZodLike {
  _zod?: { def?: Record<string, unknown> & { type?: string } };
}

export function isStrictInput(schema: unknown, depth = 0): boolean {
  if (depth > 20) return false;
  const def = (schema as ZodLike | null)?._zod?.def;
  if (!def) return false;
  switch (def.type) {
    case 'object': {
      const catchall = (def.catchall as ZodLike | undefined)?._zod?.def?.type;
      return catchall === 'never';
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return isStrictInput(def.innerType, depth + 1);
    case 'pipe':
      return isStrictInput(def.in, depth + 1);
    case 'union':
      return (
        Array.isArray(def.options) &&
        def.options.length > 0 &&
        def.options.every((o: unknown) => isStrictInput(o, depth + 1))
      );
    case 'intersection':
      return isStrictInput(def.left, depth + 1) && isStrictInput(def.right, depth + 1);
    default:
      return false;
  }
}
