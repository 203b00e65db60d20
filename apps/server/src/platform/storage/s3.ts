import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { assertKey, assertPrefix, counted, type FileStorage, StorageError, validKey } from './storage.ts';

export interface S3Settings {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key` (MinIO; OSS and COS want it off). */
  forcePathStyle: boolean;
}

/** lib-storage's smallest part (S3's minimum for all parts but the last). */
const PART_SIZE = 5 * 1024 * 1024;
/** Parts in flight per upload: with PART_SIZE at most ~15 MB of an upload is in memory at once. */
const QUEUE_SIZE = 2;

const status = (err: unknown) =>
  (err as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata?.httpStatusCode;

/**
 * An S3-compatible bucket through the official AWS SDK v3 (`@aws-sdk/client-s3`; streamed uploads by
 * `@aws-sdk/lib-storage`). A put sends a file under 5 MB as one PutObject once it has been read whole, larger
 * ones as a multipart upload completed after the last part: the object appears only then. A failed put aborts
 * its multipart upload; one a crash interrupted is aborted by sweepIncomplete a day later (a bucket lifecycle
 * rule "abort incomplete multipart uploads" does the same). Checksums are sent only where the API requires them
 * (`WHEN_REQUIRED`): OSS, COS and older MinIO refuse the SDK's default CRC32 headers and aws-chunked bodies; the
 * upload route keeps its own SHA-256 of every file.
 */
export function s3FileStorage(s: S3Settings): FileStorage {
  const client = new S3Client({
    endpoint: s.endpoint,
    region: s.region,
    forcePathStyle: s.forcePathStyle,
    credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: 5_000 },
  });
  const Bucket = s.bucket;

  const stat: FileStorage['stat'] = async (key) => {
    if (!validKey(key)) return undefined;
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
      return { size: Number(head.ContentLength ?? 0), modifiedAt: head.LastModified ?? new Date(0) };
    } catch (err) {
      if (status(err) === 404) return undefined;
      throw new StorageError('stat', key, err);
    }
  };

  return counted({
    kind: 's3',
    location: `s3 bucket ${Bucket} at ${s.endpoint}`,

    async put(key, body, contentType) {
      assertKey(key);
      const upload = new Upload({
        client,
        // A plain stream over the body: lib-storage takes a body's `size`, `length` or `start`/`end` property
        // for its byte count, and a stream of ours may carry such a field meaning something else.
        params: {
          Bucket,
          Key: key,
          Body: Readable.from(body),
          ...(contentType ? { ContentType: contentType } : {}),
        },
        partSize: PART_SIZE,
        queueSize: QUEUE_SIZE,
        leavePartsOnError: false,
      });
      // A failing body (a check refused the file, the client went away) errors or closes early, which lib-storage
      // reports as ERR_STREAM_PREMATURE_CLOSE; a failing request to the store only stops the reading (lib-storage
      // leaves its loop over the body, which destroys the body without an error).
      let bodyError: unknown;
      body.once('error', (err) => {
        bodyError ??= err;
      });
      try {
        await upload.done();
      } catch (err) {
        const premature = (err as { code?: string } | undefined)?.code === 'ERR_STREAM_PREMATURE_CLOSE';
        const failed = bodyError ?? body.errored ?? (premature ? err : undefined);
        body.destroy();
        throw failed ?? new StorageError('put', key, err);
      }
    },

    async get(key, range) {
      if (!validKey(key)) return undefined;
      try {
        const res = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: key,
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        const stream = res.Body;
        if (!(stream instanceof Readable)) throw new Error('S3 GetObject: the body is not a Node stream');
        return { stream, length: Number(res.ContentLength ?? 0) };
      } catch (err) {
        if (status(err) === 404) return undefined;
        throw new StorageError('get', key, err);
      }
    },

    stat,

    async exists(key) {
      return (await stat(key)) !== undefined;
    },

    async delete(key) {
      if (!validKey(key)) return;
      await client.send(new DeleteObjectCommand({ Bucket, Key: key })).catch((err) => {
        throw new StorageError('delete', key, err);
      });
    },

    async list(prefix) {
      assertPrefix(prefix);
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      try {
        for (;;) {
          const page = await client.send(
            new ListObjectsV2Command({ Bucket, Prefix: prefix || undefined, ContinuationToken }),
          );
          for (const o of page.Contents ?? []) if (o.Key && validKey(o.Key)) keys.push(o.Key);
          if (!page.IsTruncated || !page.NextContinuationToken) break;
          ContinuationToken = page.NextContinuationToken;
        }
      } catch (err) {
        throw new StorageError('list', prefix, err);
      }
      return keys.sort();
    },

    async sweepIncomplete(now, maxAgeMs) {
      let removed = 0;
      let KeyMarker: string | undefined;
      let UploadIdMarker: string | undefined;
      for (;;) {
        const page = await client.send(
          new ListMultipartUploadsCommand({ Bucket, KeyMarker, UploadIdMarker }),
        );
        for (const u of page.Uploads ?? []) {
          if (!u.Key || !u.UploadId || !u.Initiated) continue;
          if (now - u.Initiated.getTime() <= maxAgeMs) continue;
          await client.send(new AbortMultipartUploadCommand({ Bucket, Key: u.Key, UploadId: u.UploadId }));
          removed++;
        }
        if (!page.IsTruncated) return removed;
        KeyMarker = page.NextKeyMarker;
        UploadIdMarker = page.NextUploadIdMarker;
      }
    },

    // The store's space is not a disk of this server: the free-space floor (UPLOAD_MIN_FREE_MB) does not apply.
    freeBytes: async () => undefined,

    async close() {
      client.destroy();
    },
  });
}
