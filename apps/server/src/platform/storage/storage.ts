import type { Readable } from 'node:stream';
import type { Config } from '../../config.ts';
import { localFileStorage } from './local.ts';

/** Bytes `start` to `end` of an object, both included (an HTTP Range after it was checked against the size). */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredBody {
  stream: Readable;
  /** Bytes the stream holds (the range's length when a range was asked for). */
  length: number;
}

export interface StoredStat {
  size: number;
  modifiedAt: Date;
}

/**
 * Where uploaded and server-made files are kept (README `STORAGE`): a shared directory (`local`, the default;
 * may be on NFS shared by several instances) or an S3-compatible object store (`s3`: AWS S3, MinIO, Alibaba
 * Cloud OSS and Tencent Cloud COS in their S3 modes). Keys are relative paths, `<yyyy>/<mm>/<uuid>.<ext>` for
 * uploads. Every module that writes or reads such files goes through this interface, and so do the copies of the
 * embedded database's backups (`backups/pglite-….tar.gz`, db/backup.ts, with BACKUP_COPY=storage).
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  /** For logs: the directory, or the bucket at its endpoint. */
  readonly location: string;
  /**
   * Streams `body` to `key`. The object appears whole once the promise resolves and not at all when it
   * rejects (the body failed or was destroyed, the store refused): nothing half-written is ever readable, and
   * nothing is left behind. Memory stays bounded whatever the size (local: a stream to a temp file; s3: parts
   * of 5 MB, at most two in flight).
   */
  put(key: string, body: Readable, contentType?: string): Promise<void>;
  /** The object's bytes, or `range` of them; undefined when there is no such object. */
  get(key: string, range?: ByteRange): Promise<StoredBody | undefined>;
  stat(key: string): Promise<StoredStat | undefined>;
  exists(key: string): Promise<boolean>;
  /** Removes the object; no error when it is not there. */
  delete(key: string): Promise<void>;
  /**
   * Keys of the complete objects under `prefix` (a folder such as `backups/`, ending with a slash), sorted. For
   * small folders (the database backups' copies): every key is held in memory. Writes in progress are not listed.
   */
  list(prefix: string): Promise<string[]>;
  /**
   * Removes what crashed writes left (local: `.part` temp files; s3: incomplete multipart uploads) begun more
   * than `maxAgeMs` before `now`, so writes in progress are never touched; how many were removed.
   */
  sweepIncomplete(now: number, maxAgeMs: number): Promise<number>;
  /** Free bytes of the disk the files are written to (local); undefined for a store that is not our disk. */
  freeBytes(): Promise<number | undefined>;
  /** Puts in progress in this process. */
  writing(): number;
  close(): Promise<void>;
}

/**
 * A failure of the store itself (disk full or unwritable, object store unreachable or refusing the server's
 * keys), as opposed to a failure of the body being put (the client went away, a check refused the file),
 * which put() passes on unchanged. `cause` is the adapter's error, for the log.
 */
export class StorageError extends Error {
  readonly op: string;
  readonly key: string;
  constructor(op: string, key: string, cause: unknown) {
    super(`storage ${op} ${key} failed: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
    this.name = 'StorageError';
    this.op = op;
    this.key = key;
  }
}

const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(?:\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/**
 * Whether `key` is a relative path of plain segments (letters, digits, `.`, `_`, `-`, no segment starting with
 * a dot): no `..`, no absolute path, no backslash, so a key never leaves the directory or the bucket prefix.
 */
export function validKey(key: string): boolean {
  return key.length <= 512 && KEY.test(key);
}

export function assertKey(key: string): void {
  if (!validKey(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
}

/** A folder prefix for list(): `''` (everything) or plain segments ending with a slash. */
export function assertPrefix(prefix: string): void {
  if (prefix !== '' && !(prefix.endsWith('/') && validKey(prefix.slice(0, -1)))) {
    throw new Error(`invalid storage prefix: ${JSON.stringify(prefix)}`);
  }
}

/**
 * Counts the puts in progress around an adapter (for writing(): a test waits for an upload to be under way,
 * a shutdown can say how many uploads it cuts off).
 */
export function counted(storage: Omit<FileStorage, 'writing'>): FileStorage {
  let writing = 0;
  return {
    kind: storage.kind,
    location: storage.location,
    async put(key, body, contentType) {
      writing++;
      try {
        await storage.put(key, body, contentType);
      } finally {
        writing--;
      }
    },
    get: (key, range) => storage.get(key, range),
    stat: (key) => storage.stat(key),
    exists: (key) => storage.exists(key),
    delete: (key) => storage.delete(key),
    list: (prefix) => storage.list(prefix),
    sweepIncomplete: (now, maxAgeMs) => storage.sweepIncomplete(now, maxAgeMs),
    freeBytes: () => storage.freeBytes(),
    writing: () => writing,
    close: () => storage.close(),
  };
}

/**
 * The storage the settings name. The S3 adapter (and the AWS SDK) is loaded only when `STORAGE=s3`, so a
 * server on the shared directory does not pay for loading it at start.
 */
export async function openStorage(config: Config): Promise<FileStorage> {
  if (config.STORAGE === 's3') {
    const { s3FileStorage } = await import('./s3.ts');
    return s3FileStorage({
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      bucket: config.S3_BUCKET,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
  }
  return localFileStorage(config.uploadDir);
}
