import { useSearchParams } from 'react-router';

/** A positive integer id from a query string value, or null. */
export function parseId(raw: string | null): number | null {
  const id = raw && /^\d{1,15}$/.test(raw) ? Number(raw) : Number.NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** Reads the enterprise id from the query string (?id=12), or null. */
export function useIdParam(): number | null {
  const [params] = useSearchParams();
  return parseId(params.get('id'));
}

export const detailKey = (id: number | null) => ['enterprise', 'detail', id] as const;
export const paramsKey = (id: number | null) => ['enterprise', 'params', id] as const;
