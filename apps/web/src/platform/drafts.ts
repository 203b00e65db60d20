import { request } from './request.ts';
import { getToken, STORAGE_PREFIX } from './storage.ts';

/**
 * Form drafts kept on the device (issue 13: a service engineer's record survives a dropped network), stored
 * unreadable without the signed-in session (security.md P04: browser storage holds only the token in the
 * clear). Each draft is AES-GCM ciphertext under a per-user key the server derives and hands out only over an
 * authenticated call (POST /api/pii/draftKey); the key lives in memory as a non-extractable CryptoKey and is
 * never stored. Logout removes every draft (clearDrafts). A draft that does not decrypt under the signed-in
 * user's key (another user's, or tampered) reads as absent.
 */
const DRAFT_PREFIX = `${STORAGE_PREFIX}draft__`;

interface Sealed {
  v: 1;
  iv: string;
  ct: string;
}

let cached: { token: string; key: Promise<CryptoKey> } | null = null;

function b64(bytes: Uint8Array): string {
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin);
}
const unb64 = (s: string) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));

/** The signed-in user's draft key (fetched once per session token, kept in memory only). */
function draftKey(): Promise<CryptoKey> {
  const token = getToken();
  if (!token) return Promise.reject(new Error('未登录'));
  if (cached?.token === token) return cached.key;
  const key = request<{ key: string }>('/pii/draftKey', { skipErrorHandler: true }).then((env) =>
    crypto.subtle.importKey('raw', unb64((env.data as { key: string }).key), 'AES-GCM', false, [
      'encrypt',
      'decrypt',
    ]),
  );
  cached = { token, key };
  // A failed fetch (offline) is asked again next time.
  key.catch(() => {
    if (cached?.key === key) cached = null;
  });
  return key;
}

function backend(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

// Writes and removals of one draft run in order, so a late write cannot bring back a removed draft.
const queues = new Map<string, Promise<unknown>>();
function queued<T>(name: string, job: () => Promise<T>): Promise<T> {
  const prev = queues.get(name) ?? Promise.resolve();
  const next = prev.then(job, job);
  queues.set(
    name,
    next.catch(() => undefined),
  );
  return next;
}

async function seal(value: unknown): Promise<Sealed> {
  const key = await draftKey();
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const plain = new TextEncoder().encode(JSON.stringify(value));
  const ct = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, plain));
  return { v: 1, iv: b64(iv), ct: b64(ct) };
}

async function open<T>(s: Sealed): Promise<T> {
  const key = await draftKey();
  const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: unb64(s.iv) }, key, unb64(s.ct));
  return JSON.parse(new TextDecoder().decode(plain)) as T;
}

const isSealed = (x: unknown): x is Sealed =>
  typeof x === 'object' && x !== null && (x as Sealed).v === 1 && typeof (x as Sealed).ct === 'string';

export const drafts = {
  /** Stores the draft encrypted; false when it could not be (no key: signed out or offline before it was fetched; storage full). */
  write(name: string, value: unknown): Promise<boolean> {
    return queued(name, async () => {
      try {
        const sealed = await seal(value);
        backend()?.setItem(DRAFT_PREFIX + name, JSON.stringify(sealed));
        return true;
      } catch {
        return false;
      }
    });
  },

  /** The draft, or null (none, not the signed-in user's, or unreadable). */
  read<T>(name: string): Promise<T | null> {
    return queued(name, async () => {
      const raw = backend()?.getItem(DRAFT_PREFIX + name);
      if (!raw) return null;
      try {
        const parsed: unknown = JSON.parse(raw);
        return isSealed(parsed) ? await open<T>(parsed) : null;
      } catch {
        return null;
      }
    });
  },

  remove(name: string): Promise<void> {
    return queued(name, async () => {
      backend()?.removeItem(DRAFT_PREFIX + name);
    });
  },

  /** Fetches the key ahead (while online), so a draft can be sealed after the network drops. */
  prepare(): void {
    draftKey().catch(() => undefined);
  },
};

/** The storage key of a draft (tests). */
export const draftStorageKey = (name: string) => DRAFT_PREFIX + name;

/** At logout: every draft on the device is removed and the key forgotten. */
export function clearDrafts(): void {
  cached = null;
  const ls = backend();
  if (!ls) return;
  const names: string[] = [];
  for (let i = 0; i < ls.length; i++) {
    const k = ls.key(i);
    if (k?.startsWith(DRAFT_PREFIX) || k?.startsWith(LEGACY_PREFIX)) names.push(k);
  }
  for (const k of names) ls.removeItem(k);
}

/** Plain-text drafts written before this store (prevention records): dropped at logout like the others. */
export const LEGACY_PREFIX = 'aqzrx-ap-record-draft-';
