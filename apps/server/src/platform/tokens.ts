import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, base64url (43 characters). Only the SHA-256 hash is stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Request ids (16 hex characters) tie a response to its log lines; they are not secrets. They are cut from a
 * pool of random bytes refilled 4 KiB at a time, instead of one getrandom call per request.
 */
const ID_BYTES = 8;
let idPool = Buffer.alloc(0);
let idOffset = 0;
export function newRequestId(): string {
  if (idOffset + ID_BYTES > idPool.length) {
    idPool = randomBytes(4096);
    idOffset = 0;
  }
  const id = idPool.toString('hex', idOffset, idOffset + ID_BYTES);
  idOffset += ID_BYTES;
  return id;
}
