import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { localFileStorage } from '../src/platform/storage/local.ts';
import { s3FileStorage } from '../src/platform/storage/s3.ts';
import { type FileStorage, StorageError } from '../src/platform/storage/storage.ts';
import { type S3StandIn, startS3StandIn } from './s3-standin.ts';

/**
 * The storage interface's promises, held by both adapters (platform/storage): the shared directory and the
 * S3 adapter through the AWS SDK against the local stand-in (test/s3-standin.ts), which checks every request's
 * SigV4 signature. What the store holds is read behind the adapter's back (the directory, the stand-in's
 * memory), so a test cannot pass on the adapter's word alone.
 */

const MB = 1024 * 1024;

/** A body that sends `head` and then fails with `err` (or is destroyed without one: the client went away). */
function failingBody(head: Buffer, err?: Error): Readable {
  let sent = false;
  const body = new Readable({
    read() {
      if (!sent) {
        sent = true;
        this.push(head);
        return;
      }
      setTimeout(() => body.destroy(err), 20);
    },
  });
  return body;
}

interface Backend {
  storage: FileStorage;
  /** Complete objects by key, read from the store itself. */
  held(): Map<string, Buffer>;
  /** Writes under way or left over: `.part` files, open multipart uploads. */
  partial(): string[];
  /** Makes the leftovers look `hours` old. */
  age(hours: number): void;
}

let dir: string;
let standIn: S3StandIn;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'aqzrx-storage-'));
  standIn = await startS3StandIn();
});
afterAll(async () => {
  await standIn.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function walk(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) =>
    fs.statSync(path.join(root, f)).isFile(),
  );
}

const backends: Record<'local' | 's3', () => Backend> = {
  local: () => {
    const root = fs.mkdtempSync(path.join(dir, 'local-'));
    return {
      storage: localFileStorage(root),
      held: () =>
        new Map(
          walk(root)
            .filter((f) => !f.endsWith('.part'))
            .map((f) => [f, fs.readFileSync(path.join(root, f))]),
        ),
      partial: () => walk(root).filter((f) => f.endsWith('.part')),
      age: (hours) => {
        const then = new Date(Date.now() - hours * 3_600_000);
        for (const f of walk(root)) fs.utimesSync(path.join(root, f), then, then);
      },
    };
  },
  s3: () => {
    standIn.objects.clear();
    standIn.uploads.clear();
    return {
      storage: s3FileStorage({
        endpoint: standIn.endpoint,
        region: standIn.region,
        bucket: standIn.bucket,
        accessKeyId: standIn.accessKeyId,
        secretAccessKey: standIn.secretAccessKey,
        forcePathStyle: true,
      }),
      held: () => new Map([...standIn.objects].map(([k, o]) => [k, o.body])),
      partial: () => [...standIn.uploads.values()].map((u) => u.key),
      age: (hours) => {
        for (const u of standIn.uploads.values()) u.initiated = new Date(Date.now() - hours * 3_600_000);
      },
    };
  },
};

describe.each(['local', 's3'] as const)('%s storage', (kind) => {
  let b: Backend;
  beforeAll(() => {
    b = backends[kind]();
  });
  afterEach(() => {
    expect(b.storage.writing()).toBe(0);
  });
  afterAll(async () => {
    await b.storage.close();
  });

  it('puts a stream and gives it back whole, by range, with its size; deletes it', async () => {
    const data = randomBytes(300_000);
    await b.storage.put(
      '2026/05/a.pdf',
      Readable.from([data.subarray(0, 1000), data.subarray(1000)]),
      'application/pdf',
    );
    expect(b.held().get('2026/05/a.pdf')?.equals(data)).toBe(true);
    expect(b.partial()).toEqual([]);

    const whole = await b.storage.get('2026/05/a.pdf');
    expect(whole?.length).toBe(data.length);
    expect(Buffer.concat(await whole!.stream.toArray()).equals(data)).toBe(true);
    const part = await b.storage.get('2026/05/a.pdf', { start: 1000, end: 1999 });
    expect(part?.length).toBe(1000);
    expect(Buffer.concat(await part!.stream.toArray()).equals(data.subarray(1000, 2000))).toBe(true);

    expect(await b.storage.stat('2026/05/a.pdf')).toMatchObject({ size: data.length });
    expect(await b.storage.exists('2026/05/a.pdf')).toBe(true);
    await b.storage.delete('2026/05/a.pdf');
    expect(b.held().has('2026/05/a.pdf')).toBe(false);
    expect(await b.storage.exists('2026/05/a.pdf')).toBe(false);
    expect(await b.storage.get('2026/05/a.pdf')).toBeUndefined();
    expect(await b.storage.stat('2026/05/a.pdf')).toBeUndefined();
    // Deleting what is not there is no error.
    await b.storage.delete('2026/05/a.pdf');
  });

  it('stores a body over 5 MB (a multipart upload in S3) and shows nothing until it is whole', async () => {
    const data = randomBytes(12 * MB + 123);
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    async function* slow() {
      yield data.subarray(0, 6 * MB);
      await gate;
      yield data.subarray(6 * MB);
    }
    const put = b.storage.put('2026/05/big.mp4', Readable.from(slow()), 'video/mp4');
    // Under way: the first part went out (S3) or the temp file holds it (local), the key is not readable.
    const until = Date.now() + 10_000;
    while (b.partial().length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
    expect(b.partial()).toHaveLength(1);
    expect(b.storage.writing()).toBe(1);
    expect(await b.storage.exists('2026/05/big.mp4')).toBe(false);
    release();
    await put;
    expect(b.partial()).toEqual([]);
    expect(b.held().get('2026/05/big.mp4')?.equals(data)).toBe(true);
    const tail = await b.storage.get('2026/05/big.mp4', { start: data.length - 10, end: data.length - 1 });
    expect(Buffer.concat(await tail!.stream.toArray()).equals(data.subarray(-10))).toBe(true);
  });

  it('stores a body stream that carries a `size` field of its own (the upload inspector counts bytes so)', async () => {
    // lib-storage took such a field for the body's length: a 7 MB upload was refused as "0 parts expected".
    const data = randomBytes(7 * MB);
    const body = Object.assign(Readable.from([data.subarray(0, MB), data.subarray(MB)]), { size: 0 });
    await b.storage.put('2026/05/sized.mp4', body);
    expect(b.held().get('2026/05/sized.mp4')?.equals(data)).toBe(true);
  });

  it.each([
    ['a small body that fails', 1000, new Error('refused by a check')],
    ['a body over 5 MB that fails', 7 * MB, new Error('refused by a check')],
    ['a body over 5 MB destroyed without an error (the client went away)', 7 * MB, undefined],
  ])('keeps nothing of %s, and rejects with the body’s failure', async (_label, size, err) => {
    const before = b.held();
    const put = b.storage.put('2026/05/failed.mp4', failingBody(randomBytes(size), err));
    const failure = await put.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(failure).toBeInstanceOf(Error);
    expect(failure).not.toBeInstanceOf(StorageError);
    if (err) expect(failure).toBe(err);
    expect([...b.held().keys()]).toEqual([...before.keys()]);
    expect(b.partial()).toEqual([]);
    expect(await b.storage.exists('2026/05/failed.mp4')).toBe(false);
  });

  it('lists the complete objects under a folder, sorted, not writes in progress nor other folders', async () => {
    const put = (key: string) => b.storage.put(key, Readable.from([Buffer.from(key)]));
    for (const k of [
      'backups/b.tar.gz',
      'backups/a.tar.gz',
      'backups/c.tar.gz',
      'backupsx/d',
      '2026/05/e.png',
    ])
      await put(k);
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    async function* slow() {
      yield randomBytes(6 * MB);
      await gate;
    }
    const pending = b.storage.put('backups/z.tar.gz', Readable.from(slow()));
    const until = Date.now() + 10_000;
    while (b.partial().length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
    if (kind === 's3') standIn.listPageSize = 2;
    try {
      expect(await b.storage.list('backups/')).toEqual([
        'backups/a.tar.gz',
        'backups/b.tar.gz',
        'backups/c.tar.gz',
      ]);
      expect(await b.storage.list('nothing/')).toEqual([]);
      if (kind === 's3')
        expect(standIn.log.filter((l) => l.op === 'ListObjectsV2').length).toBeGreaterThan(2);
    } finally {
      standIn.listPageSize = 1000;
    }
    release();
    await pending;
    expect(await b.storage.list('backups/')).toContain('backups/z.tar.gz');
    await expect(b.storage.list('../')).rejects.toThrow(/invalid storage prefix/);
    await expect(b.storage.list('backups')).rejects.toThrow(/invalid storage prefix/);
    for (const k of await b.storage.list('backups/')) await b.storage.delete(k);
    expect(await b.storage.list('backups/')).toEqual([]);
  });

  it('refuses keys that would leave the store; reads of them find nothing', async () => {
    for (const key of ['../x.png', '/etc/x.png', 'a/../../x.png', 'a\\b.png', '.hidden', '']) {
      await expect(b.storage.put(key, Readable.from([Buffer.from('x')]))).rejects.toThrow(
        /invalid storage key/,
      );
      expect(await b.storage.get(key)).toBeUndefined();
      expect(await b.storage.exists(key)).toBe(false);
    }
  });

  it('sweeps leftovers of crashed writes a day old, not writes in progress', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    async function* stuck() {
      yield randomBytes(6 * MB);
      await gate;
      throw new Error('crash');
    }
    const put = b.storage.put('2026/05/crashed.mp4', Readable.from(stuck())).catch(() => undefined);
    const until = Date.now() + 10_000;
    while (b.partial().length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
    // In progress (fresh): not touched.
    expect(await b.storage.sweepIncomplete(Date.now(), 24 * 3_600_000)).toBe(0);
    expect(b.partial()).toHaveLength(1);
    // Looking 25 hours old (as a crash would leave it): removed.
    b.age(25);
    expect(await b.storage.sweepIncomplete(Date.now(), 24 * 3_600_000)).toBe(1);
    expect(b.partial()).toEqual([]);
    release();
    await put;
  });
});

describe('local storage', () => {
  it('reports its disk’s free bytes (the 507 floor); a disk failure is a StorageError', async () => {
    const root = fs.mkdtempSync(path.join(dir, 'free-'));
    const storage = localFileStorage(root);
    expect(await storage.freeBytes()).toBeGreaterThan(0);
    // The directory cannot be made (a file is in the way): the store failed, not the body.
    const blocked = path.join(root, 'blocked');
    fs.writeFileSync(blocked, 'x');
    const broken = localFileStorage(blocked);
    const err = await broken.put('2026/05/a.png', Readable.from([Buffer.from('x')])).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StorageError);
  });
});

describe('s3 storage', () => {
  const settings = () => ({
    endpoint: standIn.endpoint,
    region: standIn.region,
    bucket: standIn.bucket,
    accessKeyId: standIn.accessKeyId,
    secretAccessKey: standIn.secretAccessKey,
    forcePathStyle: true,
  });

  it('has no disk floor of its own', async () => {
    const storage = s3FileStorage(settings());
    expect(await storage.freeBytes()).toBeUndefined();
    await storage.close();
  });

  it.each([
    ['a wrong secret', { secretAccessKey: 'not-the-secret' }, 'SignatureDoesNotMatch'],
    ['an unknown access key', { accessKeyId: 'NOSUCHKEY' }, 'InvalidAccessKeyId'],
  ])('is refused with %s (403), storing nothing', async (_label, wrong, code) => {
    standIn.objects.clear();
    const storage = s3FileStorage({ ...settings(), ...wrong });
    const put = await storage
      .put('2026/05/x.png', Readable.from([Buffer.from('png')]))
      .catch((e: unknown) => e);
    expect(put).toBeInstanceOf(StorageError);
    const cause = (put as StorageError).cause as { name?: string; $metadata?: { httpStatusCode?: number } };
    expect(cause.name).toBe(code);
    expect(cause.$metadata?.httpStatusCode).toBe(403);
    expect(standIn.objects.size).toBe(0);
    expect(standIn.log.at(-1)).toMatchObject({ status: 403 });
    await expect(storage.get('2026/05/x.png')).rejects.toBeInstanceOf(StorageError);
    await storage.close();
  });

  it('a store failing mid-upload (UploadPart 500, after retries): StorageError, the multipart upload aborted', async () => {
    standIn.objects.clear();
    standIn.uploads.clear();
    standIn.failing.add('UploadPart');
    const storage = s3FileStorage(settings());
    try {
      const err = await storage
        .put('2026/05/big.mp4', Readable.from([randomBytes(6 * MB), randomBytes(MB)]))
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(StorageError);
      expect(standIn.log.filter((l) => l.status === 500).length).toBeGreaterThanOrEqual(3);
      expect(standIn.log.at(-1)).toMatchObject({ op: 'AbortMultipartUpload', status: 204 });
      expect(standIn.objects.size).toBe(0);
      expect(standIn.uploads.size).toBe(0);
    } finally {
      standIn.failing.clear();
      await storage.close();
    }
  });

  it('refuses an unsigned request (403), and a signed one whose body changed after signing (400)', async () => {
    const plain = await fetch(`${standIn.endpoint}/${standIn.bucket}/2026/05/x.png`, {
      method: 'PUT',
      body: 'x',
    });
    expect(plain.status).toBe(403);
    expect(await plain.text()).toContain('<Code>AccessDenied</Code>');

    const client = new S3Client({
      endpoint: standIn.endpoint,
      region: standIn.region,
      forcePathStyle: true,
      credentials: { accessKeyId: standIn.accessKeyId, secretAccessKey: standIn.secretAccessKey },
    });
    // Runs after signing (the deserialize step wraps the sending): the bytes on the wire are not the signed ones.
    client.middlewareStack.add(
      (next) => async (args) => {
        const req = args.request as { body?: unknown };
        if (Buffer.isBuffer(req.body) || typeof req.body === 'string') req.body = Buffer.from('tampered');
        return next(args);
      },
      { step: 'deserialize', name: 'tamper' },
    );
    const err = await client
      .send(new PutObjectCommand({ Bucket: standIn.bucket, Key: 'x.png', Body: Buffer.from('original') }))
      .catch((e: unknown) => e);
    expect((err as { name?: string }).name).toBe('XAmzContentSHA256Mismatch');
    expect(standIn.objects.has('x.png')).toBe(false);
    client.destroy();
  });
});
