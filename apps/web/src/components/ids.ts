/** Ids the screens read or make: stored-file ids inside file URLs, and idempotency keys. */

const UUID = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/i;

/**
 * The stored file id (a UUID, lower case) inside a file URL such as `/api/file/<uuid>` (what an upload
 * answers as `fileUrl`) or `/api/public/file/<uuid>`; undefined when there is none.
 */
export function fileIdOf(fileUrl: string | null | undefined): string | undefined {
  if (!fileUrl) return undefined;
  return UUID.exec(fileUrl)?.[1]?.toLowerCase();
}

/** The URL of a stored file (needs the token: show it with AuthImage, fetch it with requestFile). */
export function fileUrlOf(fileId: string): string {
  return `/api/file/${encodeURIComponent(fileId)}`;
}

/**
 * A fresh Idempotency-Key for one create attempt: the server answers a repeated key with the first
 * result, so a double click or a retry after a lost answer creates one record.
 */
export function newIdempotencyKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}
