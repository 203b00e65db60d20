import { maskContactPhone, type PermissionGrant } from '@aqzrx/contracts';
import type { AuthContext, Db } from './context.ts';
import { badRequest, forbidden } from './errors.ts';
import { hasPermission, type PermissionKey } from './permissions.ts';

/**
 * The full value of one masked field of one record (security.md P04), answered by the module that owns the
 * record kind. It loads the record with the same scope check as the record's detail read (out of scope or
 * missing: the same 404) and returns the stored value in full ('' for none). `index` is the position in a
 * list field (a plan's experts), 0 otherwise; a position past the list answers 404 too.
 */
export type RevealLoader = (db: Db, auth: AuthContext, id: number, index: number) => Promise<string>;

/**
 * The fixed allow-list of record kinds and fields whose masked values a party may see in full, one registry
 * per app (buildApp creates it and decorates it as `app.piiReveals`). Each module registers its own kinds, so
 * the reveal route (modules/pii) never reads their tables. Anything not registered answers 400.
 */
export interface PiiReveals {
  /** `permission`: what the record's detail read needs (any of them); without it the reveal answers 403. */
  register(
    kind: string,
    permission: PermissionKey | PermissionKey[],
    fields: Record<string, RevealLoader>,
  ): void;
  /**
   * The loader for kind.field: 400 with a Chinese message when the pair is not on the allow-list, 403 when the
   * caller lacks the detail read's permission.
   */
  loader(kind: string, field: string, grants: readonly PermissionGrant[]): RevealLoader;
  /** kind → fields (tests and the docs). */
  list(): Record<string, string[]>;
}

export function createPiiReveals(): PiiReveals {
  const kinds = new Map<string, { permissions: PermissionKey[]; fields: Map<string, RevealLoader> }>();
  return {
    register(kind, permission, fields) {
      if (kinds.has(kind)) throw new Error(`reveal kind ${kind} registered twice`);
      const permissions = Array.isArray(permission) ? permission : [permission];
      kinds.set(kind, { permissions, fields: new Map(Object.entries(fields)) });
    },
    loader(kind, field, grants) {
      const k = kinds.get(kind);
      if (!k) throw badRequest('不支持查看该类记录的完整信息');
      const l = k.fields.get(field);
      if (!l) throw badRequest('该字段不支持查看完整信息');
      if (!k.permissions.some((p) => hasPermission(grants, p))) throw forbidden();
      return l;
    },
    list() {
      return Object.fromEntries([...kinds].map(([k, v]) => [k, [...v.fields.keys()]]));
    },
  };
}

/** A contact number as answers carry it by default: a mobile masked (138****5678), a landline as entered. */
export const maskedPhone = maskContactPhone;

/**
 * The number to store for a phone field of an edit: the form shows the masked value, and sending it back
 * unchanged keeps the stored full number it masks (one of `known`, the record's current numbers). A masked
 * value that masks none of them is refused (it would store asterisks).
 */
export function unmaskPhone(submitted: string, known: readonly string[], label = '联系电话'): string {
  const v = submitted.trim();
  if (!v.includes('*')) return v;
  const hit = known.find((k) => k && maskContactPhone(k) === v);
  if (hit === undefined) throw badRequest(`${label}不完整，请填写完整号码`);
  return hit;
}
