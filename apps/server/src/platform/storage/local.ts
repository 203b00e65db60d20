import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import type fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertKey, assertPrefix, counted, type FileStorage, StorageError, validKey } from './storage.ts';

const isMissing = (err: unknown) => {
  const code = (err as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
};

async function removeQuietly(file: string): Promise<void> {
  await fsp.rm(file, { force: true }).catch(() => undefined);
}

/**
 * Files under one directory (`DATA_DIR/uploads`), which several instances may share over NFS. A put writes
 * `<key>.<random>.part` beside the final name, flushes it to the disk and renames it: a rename within one
 * directory is atomic on local file systems and NFS alike, so another instance (or a reader of this one) sees
 * the whole file or none, and a crash leaves only a `.part` file that sweepIncomplete removes a day later.
 */
export function localFileStorage(root: string): FileStorage {
  const dir = path.resolve(root);
  /** The file of a key; undefined when the key would leave the directory. */
  const fileOf = (key: string): string | undefined => {
    if (!validKey(key)) return undefined;
    const full = path.resolve(dir, key);
    return full.startsWith(dir + path.sep) ? full : undefined;
  };

  const stat: FileStorage['stat'] = async (key) => {
    const full = fileOf(key);
    if (!full) return undefined;
    try {
      const s = await fsp.stat(full);
      return s.isFile() ? { size: s.size, modifiedAt: s.mtime } : undefined;
    } catch (err) {
      if (isMissing(err)) return undefined;
      throw new StorageError('stat', key, err);
    }
  };

  return counted({
    kind: 'local',
    location: dir,

    async put(key, body) {
      assertKey(key);
      const full = fileOf(key);
      if (!full) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
      const temp = `${full}.${randomBytes(6).toString('hex')}.part`;
      // Which side failed first: the body (a check refused the file, the client went away) or the disk. The
      // pipeline destroys the other side with the same error, so only the first failure tells.
      let origin: 'body' | 'disk' | undefined;
      body.once('error', () => {
        origin ??= 'body';
      });
      body.once('close', () => {
        if (!body.readableEnded) origin ??= 'body';
      });
      let out: fs.WriteStream | undefined;
      try {
        await fsp.mkdir(path.dirname(full), { recursive: true });
        // The temp file exists before any byte flows, so a failure at any point finds it to remove.
        const handle = await fsp.open(temp, 'wx', 0o640);
        // flush: the bytes are on the disk (fsync) before the rename makes them visible.
        out = handle.createWriteStream({ flush: true });
        out.once('error', () => {
          origin ??= 'disk';
        });
        await pipeline(body, out);
        await fsp.rename(temp, full);
      } catch (err) {
        const bodyFailed =
          origin === 'body' || (origin === undefined && body.destroyed && !body.readableEnded);
        body.destroy();
        if (out && !out.closed) await once(out, 'close').catch(() => undefined);
        await removeQuietly(temp);
        throw bodyFailed ? err : new StorageError('put', key, err);
      }
    },

    async get(key, range) {
      const full = fileOf(key);
      if (!full) return undefined;
      let handle: fsp.FileHandle;
      try {
        handle = await fsp.open(full, 'r');
      } catch (err) {
        if (isMissing(err)) return undefined;
        throw new StorageError('get', key, err);
      }
      try {
        const { size } = await handle.stat();
        if (!range) return { stream: handle.createReadStream(), length: size };
        const end = Math.min(range.end, size - 1);
        if (range.start > end) {
          await handle.close();
          return { stream: Readable.from([]), length: 0 };
        }
        return {
          stream: handle.createReadStream({ start: range.start, end }),
          length: end - range.start + 1,
        };
      } catch (err) {
        await handle.close().catch(() => undefined);
        throw new StorageError('get', key, err);
      }
    },

    stat,

    async exists(key) {
      return (await stat(key)) !== undefined;
    },

    async delete(key) {
      const full = fileOf(key);
      if (!full) return;
      await fsp.rm(full, { force: true }).catch((err) => {
        throw new StorageError('delete', key, err);
      });
    },

    async list(prefix) {
      assertPrefix(prefix);
      const folder = path.join(dir, prefix);
      let entries: string[];
      try {
        entries = await fsp.readdir(folder, { recursive: true });
      } catch (err) {
        if (isMissing(err)) return [];
        throw new StorageError('list', prefix, err);
      }
      const keys: string[] = [];
      for (const rel of entries) {
        const key = `${prefix}${rel.split(path.sep).join('/')}`;
        if (rel.endsWith('.part') || !validKey(key)) continue;
        const s = await fsp.stat(path.join(folder, rel)).catch(() => undefined);
        if (s?.isFile()) keys.push(key);
      }
      return keys.sort();
    },

    async sweepIncomplete(now, maxAgeMs) {
      let removed = 0;
      let entries: string[];
      try {
        entries = await fsp.readdir(dir, { recursive: true });
      } catch {
        return 0;
      }
      for (const rel of entries) {
        if (!rel.endsWith('.part')) continue;
        const full = path.join(dir, rel);
        const stat = await fsp.stat(full).catch(() => undefined);
        if (stat?.isFile() && now - stat.mtimeMs > maxAgeMs) {
          await removeQuietly(full);
          removed++;
        }
      }
      return removed;
    },

    async freeBytes() {
      // A fresh DATA_DIR: the directory is made first.
      await fsp.mkdir(dir, { recursive: true });
      const s = await fsp.statfs(dir);
      return s.bavail * s.bsize;
    },

    async close() {},
  });
}
