import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * Record ids in the query string: a message's link names its record as `?id=12` (or `?planId=`), and a list
 * whose 查看 opens a drawer keeps the open record there, so the drawer opens from the link, survives a reload
 * and can be copied.
 */

/** A positive integer id from a query string value, or null. */
export function parseId(raw: string | null): number | null {
  const id = raw && /^\d{1,15}$/.test(raw) ? Number(raw) : Number.NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The id the query string names under `name`, or null. */
export function useIdParam(name = 'id'): number | null {
  const [params] = useSearchParams();
  return parseId(params.get(name));
}

/** The id under `name` and a setter that writes it to (or, given null, removes it from) the query string. */
export function useUrlId(name = 'id'): [number | null, (id: number | null) => void] {
  const [params, setParams] = useSearchParams();
  const set = useCallback(
    (id: number | null) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (id === null) next.delete(name);
          else next.set(name, String(id));
          return next;
        },
        { replace: true },
      ),
    [name, setParams],
  );
  return [parseId(params.get(name)), set];
}
