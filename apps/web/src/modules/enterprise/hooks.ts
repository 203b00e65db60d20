/** The enterprise screens read the enterprise id from the query string (?id=12). */
export { parseId, useIdParam } from '../../platform/url-id.ts';

export const detailKey = (id: number | null) => ['enterprise', 'detail', id] as const;
export const paramsKey = (id: number | null) => ['enterprise', 'params', id] as const;
