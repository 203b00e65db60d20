import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in of an S3-compatible object store, so the tests run the server's real S3 code path (the AWS
 * SDK v3 client and lib-storage, their requests, signatures and error handling) without a network service.
 * Path-style addressing (`/<bucket>/<key>`), one bucket, objects in memory. Operations:
 *  - PutObject (PUT key), GetObject (GET key, with a single `Range: bytes=…`: 206 / 416), HeadObject,
 *    DeleteObject;
 *  - multipart uploads as lib-storage makes them for bodies over 5 MB: CreateMultipartUpload (POST ?uploads),
 *    UploadPart (PUT ?partNumber&uploadId), CompleteMultipartUpload (POST ?uploadId, parts checked: ETags,
 *    ascending numbers, 5 MB minimum but the last), AbortMultipartUpload (DELETE ?uploadId), and
 *    ListMultipartUploads (GET bucket?uploads);
 *  - ListObjectsV2 (GET bucket?list-type=2&prefix=…), in pages of `listPageSize` with continuation tokens.
 * Every request must carry a valid AWS Signature Version 4 `Authorization` header for the configured key:
 * the canonical request is rebuilt from what arrived (method, path, sorted query, the signed headers, the
 * payload hash), the key derived from the secret, and a wrong signature answers 403 SignatureDoesNotMatch, an
 * unknown key 403 InvalidAccessKeyId, a request 15 minutes off 403 RequestTimeTooSkewed; a signed payload hash
 * must match the body (400 XAmzContentSHA256Mismatch). Errors are S3's XML error documents.
 */
export interface StoredObject {
  body: Buffer;
  contentType: string;
  etag: string;
  modifiedAt: Date;
}

export interface S3StandIn {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Complete objects by key. */
  objects: Map<string, StoredObject>;
  /** Multipart uploads begun and neither completed nor aborted, by upload id. */
  uploads: Map<
    string,
    { key: string; contentType: string; initiated: Date; parts: Map<number, { body: Buffer; etag: string }> }
  >;
  /** Operations answered 500 InternalError while named here ('UploadPart', 'PutObject', 'GetObject' …). */
  failing: Set<string>;
  /** Keys per ListObjectsV2 page at most (S3: 1,000); a test lowers it to see the client follow the pages. */
  listPageSize: number;
  /** Requests answered, oldest first: operation and status (to assert what the server did). */
  log: Array<{ op: string; key: string; status: number }>;
  /** The environment that points the server at this stand-in. */
  env(overrides?: Record<string, string>): Record<string, string>;
  close(): Promise<void>;
}

const MIN_PART = 5 * 1024 * 1024;
const MAX_SKEW_MS = 15 * 60_000;

const xmlEscape = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

/** RFC 3986 encoding as SigV4 wants it (unreserved characters kept, everything else %XX). */
const encode = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

function canonicalQuery(raw: string): string {
  if (!raw) return '';
  return raw
    .split('&')
    .filter((p) => p !== '')
    .map((p) => {
      const i = p.indexOf('=');
      const k = decodeURIComponent(i < 0 ? p : p.slice(0, i));
      const v = i < 0 ? '' : decodeURIComponent(p.slice(i + 1));
      return [encode(k), encode(v)] as const;
    })
    .sort((a, b) => (a[0] === b[0] ? (a[1] < b[1] ? -1 : 1) : a[0] < b[0] ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

/** `20260101T000000Z` → milliseconds. */
function amzTime(s: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(s);
  return m ? Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!) : Number.NaN;
}

class S3Fault extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/**
 * Checks the request's SigV4 signature against the configured key; throws the S3 error when it does not
 * hold. `body` is the whole payload (checked against a signed payload hash).
 */
function verifySignature(
  req: http.IncomingMessage,
  body: Buffer,
  keys: { accessKeyId: string; secretAccessKey: string; region: string },
): void {
  const auth = req.headers.authorization;
  if (!auth) throw new S3Fault(403, 'AccessDenied', 'Anonymous access is not allowed');
  const m =
    /^AWS4-HMAC-SHA256 Credential=([^/,\s]+)\/(\d{8})\/([^/,\s]+)\/s3\/aws4_request,\s*SignedHeaders=([a-z0-9;-]+),\s*Signature=([0-9a-f]{64})$/.exec(
      auth,
    );
  if (!m) throw new S3Fault(400, 'AuthorizationHeaderMalformed', 'The authorization header is malformed');
  const [, accessKeyId, date, region, signedHeaderList, signature] = m as unknown as string[];
  if (accessKeyId !== keys.accessKeyId) {
    throw new S3Fault(
      403,
      'InvalidAccessKeyId',
      'The access key Id you provided does not exist in our records',
    );
  }
  if (region !== keys.region) {
    throw new S3Fault(
      400,
      'AuthorizationHeaderMalformed',
      `the region '${region}' is wrong; expecting '${keys.region}'`,
    );
  }
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  const at = amzTime(amzDate);
  if (Number.isNaN(at) || amzDate.slice(0, 8) !== date) {
    throw new S3Fault(403, 'AccessDenied', 'x-amz-date is missing or does not match the credential date');
  }
  if (Math.abs(Date.now() - at) > MAX_SKEW_MS) {
    throw new S3Fault(
      403,
      'RequestTimeTooSkewed',
      'The difference between the request time and the current time is too large',
    );
  }
  const signed = signedHeaderList!.split(';');
  for (const required of ['host', 'x-amz-date', 'x-amz-content-sha256']) {
    if (!signed.includes(required)) {
      throw new S3Fault(403, 'AccessDenied', `The header ${required} must be signed`);
    }
  }
  const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
  if (payloadHash !== 'UNSIGNED-PAYLOAD') {
    if (!/^[0-9a-f]{64}$/.test(payloadHash)) {
      throw new S3Fault(
        400,
        'InvalidArgument',
        `x-amz-content-sha256 '${payloadHash}' is not supported here`,
      );
    }
    if (sha256(body) !== payloadHash) {
      throw new S3Fault(
        400,
        'XAmzContentSHA256Mismatch',
        "The provided 'x-amz-content-sha256' header does not match what was computed",
      );
    }
  }
  const rawUrl = req.url ?? '/';
  const q = rawUrl.indexOf('?');
  const path = q < 0 ? rawUrl : rawUrl.slice(0, q);
  const query = q < 0 ? '' : rawUrl.slice(q + 1);
  const headers = signed
    .map((h) => {
      const v = req.headers[h];
      if (v === undefined) throw new S3Fault(403, 'AccessDenied', `The signed header ${h} is missing`);
      const value = (Array.isArray(v) ? v.join(',') : v).trim().replace(/\s+/g, ' ');
      return `${h}:${value}\n`;
    })
    .join('');
  const canonicalRequest = [
    req.method,
    path || '/',
    canonicalQuery(query),
    headers,
    signedHeaderList,
    payloadHash,
  ].join('\n');
  const scope = `${date}/${region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const kDate = hmac(`AWS4${keys.secretAccessKey}`, date!);
  const kSigning = hmac(hmac(hmac(kDate, region!), 's3'), 'aws4_request');
  const expected = hmac(kSigning, stringToSign);
  const given = Buffer.from(signature!, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new S3Fault(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
    );
  }
}

/** The single range of a `Range: bytes=…` header against `size`; 'bad' when it cannot be served. */
function rangeOf(header: string, size: number): { start: number; end: number } | 'bad' {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return 'bad';
  if (m[1] === '') {
    const n = Number(m[2]);
    if (n === 0 || size === 0) return 'bad';
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return 'bad';
  return { start, end };
}

export async function startS3StandIn(
  opts: { bucket?: string; region?: string; accessKeyId?: string; secretAccessKey?: string } = {},
): Promise<S3StandIn> {
  const bucket = opts.bucket ?? 'aqzrx-test';
  const region = opts.region ?? 'cn-east-1';
  const accessKeyId = opts.accessKeyId ?? 'STANDINACCESSKEY01';
  const secretAccessKey = opts.secretAccessKey ?? `standin-secret-${randomBytes(8).toString('hex')}`;
  const objects: S3StandIn['objects'] = new Map();
  const uploads: S3StandIn['uploads'] = new Map();
  const log: S3StandIn['log'] = [];
  const failing = new Set<string>();
  const state = { listPageSize: 1000 };
  const maybeFail = (op: string) => {
    if (failing.has(op)) throw new S3Fault(500, 'InternalError', `${op} is failing (test switch)`);
  };

  const xml = (res: http.ServerResponse, status: number, body: string) => {
    res.writeHead(status, { 'content-type': 'application/xml', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  };
  const fault = (res: http.ServerResponse, req: http.IncomingMessage, f: S3Fault) => {
    if (req.method === 'HEAD') {
      res.writeHead(f.status);
      res.end();
      return;
    }
    xml(
      res,
      f.status,
      `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${f.code}</Code><Message>${xmlEscape(f.message)}</Message><RequestId>${randomBytes(8).toString('hex')}</RequestId></Error>`,
    );
  };

  const handle = (
    req: http.IncomingMessage,
    res: http.ServerResponse,
    body: Buffer,
  ): { op: string; key: string } => {
    const url = new URL(req.url ?? '/', 'http://standin');
    const [, b = '', ...rest] = url.pathname.split('/');
    const key = rest.map((s) => decodeURIComponent(s)).join('/');
    const q = url.searchParams;
    const method = req.method ?? 'GET';
    verifySignature(req, body, { accessKeyId, secretAccessKey, region });
    if (decodeURIComponent(b) !== bucket)
      throw new S3Fault(404, 'NoSuchBucket', 'The specified bucket does not exist');

    if (key === '') {
      if (method === 'GET' && q.has('uploads')) {
        const items = [...uploads.entries()]
          .sort((x, y) => (x[1].key === y[1].key ? (x[0] < y[0] ? -1 : 1) : x[1].key < y[1].key ? -1 : 1))
          .map(
            ([id, u]) =>
              `<Upload><Key>${xmlEscape(u.key)}</Key><UploadId>${id}</UploadId><Initiated>${u.initiated.toISOString()}</Initiated></Upload>`,
          )
          .join('');
        xml(
          res,
          200,
          `<?xml version="1.0" encoding="UTF-8"?>\n<ListMultipartUploadsResult><Bucket>${bucket}</Bucket><IsTruncated>false</IsTruncated>${items}</ListMultipartUploadsResult>`,
        );
        return { op: 'ListMultipartUploads', key };
      }
      if (method === 'GET' && q.get('list-type') === '2') {
        const prefix = q.get('prefix') ?? '';
        const keys = [...objects.keys()].filter((k) => k.startsWith(prefix)).sort();
        // The continuation token is the last key of the page before (opaque to the client).
        const after = q.get('continuation-token');
        const from =
          after === null ? 0 : keys.findIndex((k) => k > Buffer.from(after, 'base64url').toString());
        const rest = from < 0 ? [] : keys.slice(from);
        const max = Math.min(Number(q.get('max-keys') ?? 1000), state.listPageSize);
        const page = rest.slice(0, max);
        const truncated = rest.length > page.length;
        const items = page
          .map((k) => {
            const o = objects.get(k)!;
            return `<Contents><Key>${xmlEscape(k)}</Key><LastModified>${o.modifiedAt.toISOString()}</LastModified><ETag>${xmlEscape(o.etag)}</ETag><Size>${o.body.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
          })
          .join('');
        const next = truncated
          ? `<NextContinuationToken>${Buffer.from(page.at(-1) ?? '').toString('base64url')}</NextContinuationToken>`
          : '';
        xml(
          res,
          200,
          `<?xml version="1.0" encoding="UTF-8"?>\n<ListBucketResult><Name>${bucket}</Name><Prefix>${xmlEscape(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${max}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${items}${next}</ListBucketResult>`,
        );
        return { op: 'ListObjectsV2', key: prefix };
      }
      throw new S3Fault(501, 'NotImplemented', `${method} on the bucket is not implemented by the stand-in`);
    }

    const uploadId = q.get('uploadId');
    if (method === 'POST' && q.has('uploads')) {
      const id = randomBytes(12).toString('hex');
      uploads.set(id, {
        key,
        contentType: String(req.headers['content-type'] ?? 'application/octet-stream'),
        initiated: new Date(),
        parts: new Map(),
      });
      xml(
        res,
        200,
        `<?xml version="1.0" encoding="UTF-8"?>\n<InitiateMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${xmlEscape(key)}</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`,
      );
      return { op: 'CreateMultipartUpload', key };
    }
    if (uploadId !== null) {
      const up = uploads.get(uploadId);
      if (!up || up.key !== key)
        throw new S3Fault(404, 'NoSuchUpload', 'The specified upload does not exist');
      if (method === 'PUT') {
        maybeFail('UploadPart');
        const n = Number(q.get('partNumber'));
        if (!Number.isInteger(n) || n < 1 || n > 10_000)
          throw new S3Fault(400, 'InvalidArgument', 'Part number must be an integer between 1 and 10000');
        const etag = `"${createHash('md5').update(body).digest('hex')}"`;
        up.parts.set(n, { body, etag });
        res.writeHead(200, { etag });
        res.end();
        return { op: 'UploadPart', key };
      }
      if (method === 'DELETE') {
        uploads.delete(uploadId);
        res.writeHead(204);
        res.end();
        return { op: 'AbortMultipartUpload', key };
      }
      if (method === 'POST') {
        const text = body.toString('utf8');
        const listed = [...text.matchAll(/<Part>([\s\S]*?)<\/Part>/g)].map((p) => ({
          n: Number(/<PartNumber>(\d+)<\/PartNumber>/.exec(p[1]!)?.[1]),
          etag: (/<ETag>([^<]*)<\/ETag>/.exec(p[1]!)?.[1] ?? '').replace(/&quot;/g, '"'),
        }));
        if (listed.length === 0)
          throw new S3Fault(400, 'MalformedXML', 'The XML you provided was not well-formed');
        const chunks: Buffer[] = [];
        listed.forEach((p, i) => {
          const part = up.parts.get(p.n);
          if (!part || part.etag !== p.etag)
            throw new S3Fault(400, 'InvalidPart', `Part ${p.n} was not uploaded or its ETag differs`);
          if (i > 0 && p.n <= listed[i - 1]!.n)
            throw new S3Fault(400, 'InvalidPartOrder', 'The list of parts was not in ascending order');
          if (i < listed.length - 1 && part.body.length < MIN_PART)
            throw new S3Fault(
              400,
              'EntityTooSmall',
              'Your proposed upload is smaller than the minimum allowed object size',
            );
          chunks.push(part.body);
        });
        const whole = Buffer.concat(chunks);
        const etag = `"${createHash('md5').update(whole).digest('hex')}-${listed.length}"`;
        objects.set(key, { body: whole, contentType: up.contentType, etag, modifiedAt: new Date() });
        uploads.delete(uploadId);
        xml(
          res,
          200,
          `<?xml version="1.0" encoding="UTF-8"?>\n<CompleteMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${xmlEscape(key)}</Key><ETag>${xmlEscape(etag)}</ETag></CompleteMultipartUploadResult>`,
        );
        return { op: 'CompleteMultipartUpload', key };
      }
      throw new S3Fault(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource');
    }

    if (method === 'PUT') {
      maybeFail('PutObject');
      const etag = `"${createHash('md5').update(body).digest('hex')}"`;
      objects.set(key, {
        body,
        contentType: String(req.headers['content-type'] ?? 'application/octet-stream'),
        etag,
        modifiedAt: new Date(),
      });
      res.writeHead(200, { etag });
      res.end();
      return { op: 'PutObject', key };
    }
    if (method === 'DELETE') {
      objects.delete(key);
      res.writeHead(204);
      res.end();
      return { op: 'DeleteObject', key };
    }
    if (method === 'GET' || method === 'HEAD') {
      maybeFail(method === 'GET' ? 'GetObject' : 'HeadObject');
      const o = objects.get(key);
      if (!o) throw new S3Fault(404, 'NoSuchKey', 'The specified key does not exist.');
      const common = {
        'content-type': o.contentType,
        etag: o.etag,
        'last-modified': o.modifiedAt.toUTCString(),
        'accept-ranges': 'bytes',
      };
      const rangeHeader = req.headers.range;
      if (method === 'GET' && rangeHeader) {
        const r = rangeOf(rangeHeader, o.body.length);
        if (r === 'bad') {
          res.setHeader('content-range', `bytes */${o.body.length}`);
          throw new S3Fault(416, 'InvalidRange', 'The requested range is not satisfiable');
        }
        const part = o.body.subarray(r.start, r.end + 1);
        res.writeHead(206, {
          ...common,
          'content-length': part.length,
          'content-range': `bytes ${r.start}-${r.end}/${o.body.length}`,
        });
        res.end(part);
        return { op: 'GetObject', key };
      }
      res.writeHead(200, { ...common, 'content-length': o.body.length });
      res.end(method === 'HEAD' ? undefined : o.body);
      return { op: method === 'HEAD' ? 'HeadObject' : 'GetObject', key };
    }
    throw new S3Fault(501, 'NotImplemented', `${method} is not implemented by the stand-in`);
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    // A client that goes away mid-body (an upload aborted) leaves nothing: the request is dropped unanswered.
    req.on('error', () => undefined);
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      try {
        const { op, key } = handle(req, res, body);
        log.push({ op, key, status: res.statusCode });
      } catch (err) {
        const f =
          err instanceof S3Fault
            ? err
            : new S3Fault(500, 'InternalError', err instanceof Error ? err.message : String(err));
        log.push({ op: `${req.method} ${req.url}`, key: '', status: f.status });
        fault(res, req, f);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    objects,
    uploads,
    failing,
    log,
    get listPageSize() {
      return state.listPageSize;
    },
    set listPageSize(n) {
      state.listPageSize = n;
    },
    env: (overrides = {}) => ({
      STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: region,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
      S3_FORCE_PATH_STYLE: 'on',
      ...overrides,
    }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
