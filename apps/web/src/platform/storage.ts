/**
 * Namespaced local storage (spec 9: "local storage uses a fixed namespace prefix"). Every value is
 * stored as JSON `{ value, expire }`; `expire` is an epoch-ms deadline or null for no expiry. An
 * expired or unreadable entry reads as absent and is removed.
 */
export const STORAGE_PREFIX = 'aqzrx__';

interface StoredEntry<T> {
  value: T;
  expire: number | null;
}

function backend(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be disabled by browser policy; the app then behaves as a fresh visitor.
    return null;
  }
}

function isEntry(x: unknown): x is StoredEntry<unknown> {
  return typeof x === 'object' && x !== null && 'value' in x && 'expire' in x;
}

export const storage = {
  get<T>(key: string, fallback: T | null = null, now: number = Date.now()): T | null {
    const ls = backend();
    if (!ls) return fallback;
    const raw = ls.getItem(STORAGE_PREFIX + key);
    if (raw === null) return fallback;
    try {
      const parsed: unknown = JSON.parse(raw);
      if (!isEntry(parsed)) return fallback;
      if (parsed.expire !== null && parsed.expire <= now) {
        ls.removeItem(STORAGE_PREFIX + key);
        return fallback;
      }
      return parsed.value as T;
    } catch {
      ls.removeItem(STORAGE_PREFIX + key);
      return fallback;
    }
  },

  /** `ttlMs` null or omitted keeps the value until removed. */
  set<T>(key: string, value: T, ttlMs: number | null = null, now: number = Date.now()): void {
    const ls = backend();
    if (!ls) return;
    const entry: StoredEntry<T> = { value, expire: ttlMs === null ? null : now + ttlMs };
    try {
      ls.setItem(STORAGE_PREFIX + key, JSON.stringify(entry));
    } catch {
      // Quota exceeded or storage disabled: the value simply does not persist.
    }
  },

  remove(key: string): void {
    backend()?.removeItem(STORAGE_PREFIX + key);
  },
};

/** Token storage key and lifetime (spec 9). */
export const ACCESS_TOKEN_KEY = 'Access-Token';
export const TOKEN_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export function getToken(): string | null {
  const t = storage.get<string>(ACCESS_TOKEN_KEY);
  return typeof t === 'string' && t.length > 0 ? t : null;
}
export function setToken(token: string): void {
  storage.set(ACCESS_TOKEN_KEY, token, TOKEN_TTL_MS);
}
export function clearToken(): void {
  storage.remove(ACCESS_TOKEN_KEY);
}

/**
 * Session-scoped values stored base64-encoded (spec 4: edit mode, AP type, optional edit flag, AP id,
 * edit-service flag). They survive a reload of the tab and disappear with it.
 */
export const SESSION_KEYS = {
  editMode: 'editMode',
  apType: 'apType',
  editFlag: 'editFlag',
  apId: 'apId',
  editService: 'editService',
} as const;
export type SessionKey = (typeof SESSION_KEYS)[keyof typeof SESSION_KEYS];

function toBase64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin);
}
function fromBase64(b64: string): string {
  const bin = atob(b64);
  return new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
}

function sessionBackend(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export const sessionValues = {
  get<T>(key: SessionKey): T | null {
    const raw = sessionBackend()?.getItem(STORAGE_PREFIX + key);
    if (!raw) return null;
    try {
      return JSON.parse(fromBase64(raw)) as T;
    } catch {
      return null;
    }
  },
  set<T>(key: SessionKey, value: T): void {
    try {
      sessionBackend()?.setItem(STORAGE_PREFIX + key, toBase64(JSON.stringify(value)));
    } catch {
      // Storage full or disabled: the value lives only as long as the page state.
    }
  },
  remove(key: SessionKey): void {
    sessionBackend()?.removeItem(STORAGE_PREFIX + key);
  },
};
