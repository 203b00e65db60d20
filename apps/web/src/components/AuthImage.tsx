import { Image, type ImageProps, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import type { TokenGetter } from './fetch-request.ts';
import { useRequestContext } from './request-context.ts';

/**
 * Files behind `/api/file/…` need the X-TOKEN header, which an <img src> cannot send. These helpers fetch
 * such a file with the token and show it through an object URL; a protected URL is never handed to an
 * <img> (it would be requested without the token and answer 401). Other URLs (public portal images,
 * data:, blob:, http…) are used as they are.
 */
export function needsToken(url: string): boolean {
  return url.startsWith('/api/');
}

interface Entry {
  promise: Promise<string>;
  /** Mounted widgets showing this file; at 0 the object URL is released. */
  refs: number;
  drop?: ReturnType<typeof setTimeout>;
}

const MAX_CACHED = 200;
/** fileUrl → object URL, shared by every image on the page. */
const cache = new Map<string, Entry>();

function revokeLater(entry: Entry) {
  void entry.promise.then((u) => URL.revokeObjectURL(u)).catch(() => undefined);
}

function entryOf(url: string, getToken: TokenGetter): Entry | Promise<string> {
  const hit = cache.get(url);
  if (hit) return hit;
  const token = getToken();
  // Without a token the server can only answer 401: do not ask.
  if (!token) return Promise.reject(new Error('未登录，无法读取图片'));
  const promise = fetch(url, { headers: { 'X-TOKEN': token } }).then(async (res) => {
    if (!res.ok) throw new Error(`图片读取失败（${res.status}）`);
    return URL.createObjectURL(await res.blob());
  });
  const entry: Entry = { promise, refs: 0 };
  cache.set(url, entry);
  promise.catch(() => cache.get(url) === entry && cache.delete(url));
  if (cache.size > MAX_CACHED) {
    // Release the oldest file nobody shows.
    for (const [key, old] of cache) {
      if (old.refs > 0 || old === entry) continue;
      cache.delete(key);
      if (old.drop) clearTimeout(old.drop);
      revokeLater(old);
      break;
    }
  }
  return entry;
}

/** The object URL of a file (fetched once with the token), or the URL itself when it needs none. */
export function loadFileUrl(url: string, getToken: TokenGetter): Promise<string> {
  if (!needsToken(url)) return Promise.resolve(url);
  const entry = entryOf(url, getToken);
  return entry instanceof Promise ? entry : entry.promise;
}

/**
 * Like loadFileUrl, for a mounted widget: the object URL stays valid until `release()` (on unmount) and is
 * revoked once no widget holds it. The release is deferred a tick, so a re-render that lets go and takes
 * the same file again (changed list, StrictMode) keeps the URL and fetches nothing.
 */
export function holdFileUrl(
  url: string,
  getToken: TokenGetter,
): { promise: Promise<string>; release: () => void } {
  if (!needsToken(url)) return { promise: Promise.resolve(url), release: () => undefined };
  const entry = entryOf(url, getToken);
  if (entry instanceof Promise) return { promise: entry, release: () => undefined };
  entry.refs += 1;
  if (entry.drop) {
    clearTimeout(entry.drop);
    entry.drop = undefined;
  }
  let released = false;
  return {
    promise: entry.promise,
    release: () => {
      if (released) return;
      released = true;
      entry.refs -= 1;
      if (entry.refs > 0) return;
      entry.drop = setTimeout(() => {
        entry.drop = undefined;
        if (entry.refs > 0 || cache.get(url) !== entry) return;
        cache.delete(url);
        revokeLater(entry);
      }, 0);
    },
  };
}

/** Test hook: forget every cached object URL. */
export function clearFileUrlCache(): void {
  for (const entry of cache.values()) if (entry.drop) clearTimeout(entry.drop);
  cache.clear();
}

/**
 * Resolves many file URLs at once: url → displayable src (missing while loading or when it failed). Stored
 * files are held while the component shows them and released on unmount.
 */
export function useFileUrls(urls: readonly string[]): Record<string, string> {
  const { getToken } = useRequestContext();
  const key = urls.join('\n');
  const [resolved, setResolved] = useState<Record<string, string>>({});
  useEffect(() => {
    let live = true;
    const holds = (key ? key.split('\n') : []).map((url) => {
      const hold = holdFileUrl(url, getToken);
      hold.promise.then(
        (src) => live && setResolved((r) => (r[url] === src ? r : { ...r, [url]: src })),
        () => undefined,
      );
      return hold;
    });
    return () => {
      live = false;
      for (const hold of holds) hold.release();
    };
  }, [key, getToken]);
  const out: Record<string, string> = {};
  for (const url of urls) {
    const src = needsToken(url) ? resolved[url] : url;
    if (src) out[url] = src;
  }
  return out;
}

export interface AuthImageProps extends Omit<ImageProps, 'src'> {
  /** `/api/file/<id>` or any other image URL. */
  src: string | null | undefined;
  /** Shown when there is no file. */
  emptyText?: string;
}

/** antd Image for a stored file: fetched with the token, with loading and failure states. */
export function AuthImage({ src, emptyText = '未上传', alt = '图片', ...rest }: AuthImageProps) {
  const { getToken } = useRequestContext();
  const [state, setState] = useState<{ for: string; url: string; failed: boolean } | null>(null);
  useEffect(() => {
    if (!src) return;
    let live = true;
    const hold = holdFileUrl(src, getToken);
    hold.promise.then(
      (url) => live && setState({ for: src, url, failed: false }),
      () => live && setState({ for: src, url: '', failed: true }),
    );
    return () => {
      live = false;
      hold.release();
    };
  }, [src, getToken]);
  if (!src) return <Typography.Text type="secondary">{emptyText}</Typography.Text>;
  // A state of the previous src is never shown for the new one.
  const current = state?.for === src ? state : null;
  if (current?.failed) return <Typography.Text type="secondary">图片无法读取</Typography.Text>;
  if (!current) return <Spin size="small" />;
  return <Image src={current.url} alt={alt} {...rest} />;
}
