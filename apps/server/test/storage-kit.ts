import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type S3StandIn, startS3StandIn } from './s3-standin.ts';

export type StorageKind = 'local' | 's3';

/**
 * The file storage a test app runs on (README `STORAGE`), and a look at what the store itself holds: the
 * upload directory for `local`, the S3 stand-in's memory for `s3` (test/s3-standin.ts, which the AWS SDK
 * reaches over HTTP with signed requests). Suites of the file module run once per kind.
 */
export interface StorageUnderTest {
  kind: StorageKind;
  /** Settings for createTestContext (DATA_DIR aside). */
  env: Record<string, string>;
  standIn: S3StandIn | undefined;
  /** Keys of the complete files in the store, sorted. */
  keys(): string[];
  /** Keys of the writes under way or left over: `.part` files (local), open multipart uploads (s3). */
  partial(): string[];
  /** A stored file's bytes, read from the store itself. */
  read(key: string): Buffer | undefined;
  /** Removes a file behind the server's back (bytes gone, row kept). */
  remove(key: string): void;
  /** What a write cut off by a crash `hoursAgo` leaves: a `.part` file (local), an open multipart upload (s3). */
  leaveCrashedWrite(key: string, hoursAgo: number): void;
  /** Every file under the local upload directory (with `s3` it must stay empty). */
  localFiles(): string[];
  close(): Promise<void>;
}

function walk(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((f) => fs.statSync(path.join(root, f)).isFile())
    .sort();
}

/** `dataDir` is the test app's DATA_DIR (uploads go to its `uploads/` with `local`). */
export async function openStorageUnderTest(kind: StorageKind, dataDir: string): Promise<StorageUnderTest> {
  const uploadDir = path.join(dataDir, 'uploads');
  const localFiles = () => walk(uploadDir);
  if (kind === 'local') {
    return {
      kind,
      env: { STORAGE: 'local' },
      standIn: undefined,
      keys: () => localFiles().filter((f) => !f.endsWith('.part')),
      // A temp file is `<key>.<random>.part`.
      partial: () =>
        localFiles()
          .filter((f) => f.endsWith('.part'))
          .map((f) => f.replace(/\.[0-9a-f]+\.part$/, '')),
      read: (key) => {
        const file = path.join(uploadDir, key);
        return fs.existsSync(file) ? fs.readFileSync(file) : undefined;
      },
      remove: (key) => fs.rmSync(path.join(uploadDir, key)),
      leaveCrashedWrite: (key, hoursAgo) => {
        const file = path.join(uploadDir, `${key}.0badc0ffee00.part`);
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, 'partial');
        const then = new Date(Date.now() - hoursAgo * 3_600_000);
        fs.utimesSync(file, then, then);
      },
      localFiles,
      close: async () => undefined,
    };
  }
  const standIn = await startS3StandIn();
  return {
    kind,
    env: standIn.env(),
    standIn,
    keys: () => [...standIn.objects.keys()].sort(),
    partial: () => [...standIn.uploads.values()].map((u) => u.key).sort(),
    read: (key) => standIn.objects.get(key)?.body,
    remove: (key) => {
      standIn.objects.delete(key);
    },
    leaveCrashedWrite: (key, hoursAgo) => {
      standIn.uploads.set(`crashed${randomBytes(8).toString('hex')}`, {
        key,
        contentType: 'application/octet-stream',
        initiated: new Date(Date.now() - hoursAgo * 3_600_000),
        parts: new Map([[1, { body: Buffer.alloc(5 * 1024 * 1024), etag: '"0"' }]]),
      });
    },
    localFiles,
    close: () => standIn.close(),
  };
}
