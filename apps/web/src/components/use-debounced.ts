import { useEffect, useState } from 'react';

/** `value` once it has stayed unchanged for `ms` (a search typed into a select asks the server once). */
export function useDebounced<T>(value: T, ms = 300): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}
