import type { ComponentType } from 'react';

/** Spec 9: a script or style chunk that has not arrived after 120 s counts as failed. */
export const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ChunkLoadError';
  }
}

export function withTimeout<T>(promise: Promise<T>, ms: number = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(`chunk load timed out after ${ms} ms`)), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(e instanceof Error ? e.message : String(e), { cause: e }));
      },
    );
  });
}

const CHUNK_MESSAGES = [
  'dynamically imported module',
  'Importing a module script failed',
  'Unable to preload CSS',
  'Loading chunk',
  'Loading CSS chunk',
];

export function isChunkLoadError(e: unknown): boolean {
  if (e instanceof ChunkLoadError) return true;
  if (!(e instanceof Error)) return false;
  return CHUNK_MESSAGES.some((m) => e.message.includes(m));
}

/** A route `lazy` function: loads a screen module with the chunk time-out and picks its component. */
export function lazyScreen<M>(
  load: () => Promise<M>,
  pick: (m: M) => ComponentType,
): () => Promise<{ Component: ComponentType }> {
  return async () => ({ Component: pick(await withTimeout(load())) });
}
