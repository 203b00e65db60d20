import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, base64url (43 characters). Only the SHA-256 hash is stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newRequestId(): string {
  return randomBytes(8).toString('hex');
}
