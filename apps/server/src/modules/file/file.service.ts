import { createHash, randomUUID } from 'node:crypto';
import type { TransformCallback } from 'node:stream';
import { pipeline, Readable, Transform } from 'node:stream';
import { ErrorReason } from '@aqzrx/contracts';
import type { FastifyReply } from 'fastify';
import type { Selectable } from 'kysely';
import type { SysFileTable } from '../../db/schema.ts';
import { resolveActor } from '../../platform/actor.ts';
import { type Antivirus, AntivirusError, antivirusOff, InfectedFileError } from '../../platform/antivirus.ts';
import type { AuthContext, Db, Tx } from '../../platform/context.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { FileScopes } from '../../platform/file-scopes.ts';
import { type ByteRange, type FileStorage, StorageError } from '../../platform/storage/storage.ts';
import {
  cleanFileName,
  type DetectedContent,
  detectContent,
  EXTENSIONS,
  extensionOf,
  type FileKind,
  fileUploadOptions,
  HEAD_BYTES,
  largestLimit,
  limitInMb,
} from './file.kinds.ts';
import { type UploadBudget, unlimitedBudget } from './quota.ts';

export type FileRow = Selectable<SysFileTable>;

export const FileMessages = {
  notMultipart: '请使用 multipart/form-data 上传文件',
  typeNotAllowed: '文件类型不允许',
  noFile: '请选择要上传的文件',
  wrongField: '请使用表单字段 file 上传文件',
  empty: '上传的文件内容为空',
  tooMany: '一次只能上传一个文件，且表单字段不能超过5个',
  broken: '上传的数据不完整或格式有误',
  tooLarge: (limit: number) => `上传的文件大小超出限制，允许的最大大小是 ${limitInMb(limit)} MB`,
  storageDownUpload: '文件存储服务暂时不可用，文件未保存，请稍后重新上传；如持续出现请联系系统管理员',
  storageDownRead: '文件存储服务暂时不可用，请稍后重试；如持续出现请联系系统管理员',
  infected: (signature: string) =>
    `文件未通过病毒检查（检出 ${signature}），未保存；请用杀毒软件清除后重新上传，或联系系统管理员`,
  antivirusDown: '病毒检查服务暂时不可用，文件未保存，请稍后重新上传；如持续出现请联系系统管理员',
} as const;

/**
 * Upload failures happen while the client may still be sending; `connection: close` makes Node drop
 * the rest of the body after the answer instead of reading (up to 2 GB of) it.
 */
const CLOSE = { connection: 'close' };
export const tooLarge = (limit: number) =>
  new AppError(413, FileMessages.tooLarge(limit), ErrorReason.PAYLOAD_TOO_LARGE, CLOSE);
export const typeNotAllowed = () =>
  new AppError(415, FileMessages.typeNotAllowed, ErrorReason.UNSUPPORTED_MEDIA_TYPE, CLOSE);
export const notMultipart = () =>
  new AppError(406, FileMessages.notMultipart, ErrorReason.UNSUPPORTED_MEDIA_TYPE, CLOSE);
const uploadBadRequest = (message: string) => new AppError(400, message, ErrorReason.BAD_REQUEST, CLOSE);
export const noFileError = () => uploadBadRequest(FileMessages.noFile);

/** The storage failed (StorageError): 503, the adapter's error kept as the cause for the log. */
function storageUnavailable(err: StorageError, upload: boolean): AppError {
  const e = new AppError(
    503,
    upload ? FileMessages.storageDownUpload : FileMessages.storageDownRead,
    ErrorReason.STORAGE_UNAVAILABLE,
    { ...(upload ? CLOSE : {}), 'retry-after': '30' },
  );
  e.cause = err;
  return e;
}
export const badFieldError = () => uploadBadRequest(FileMessages.wrongField);

/**
 * What a failed scan answers: an infected file 422 (its content is refused, as a wrong type is 415), a scan that
 * could not be made 503 (fail closed: the file is not taken unscanned), the scanner's error kept for the log.
 */
function scanRefusal(err: InfectedFileError | AntivirusError): AppError {
  const e =
    err instanceof InfectedFileError
      ? new AppError(422, FileMessages.infected(err.signature), ErrorReason.FILE_INFECTED, CLOSE)
      : new AppError(503, FileMessages.antivirusDown, ErrorReason.ANTIVIRUS_UNAVAILABLE, {
          ...CLOSE,
          'retry-after': '30',
        });
  e.cause = err;
  return e;
}

/**
 * Checks a file while it streams past: magic bytes against the extension on the first bytes, the
 * kind's size limit on every chunk, and the SHA-256 of the whole. An error ends the stream with it, so the
 * storage's put fails and keeps nothing.
 */
class UploadInspector extends Transform {
  size = 0;
  detected: DetectedContent | undefined;
  private head: Buffer[] = [];
  private headLength = 0;
  private limit = largestLimit();
  private readonly hash = createHash('sha256');

  private readonly ext: string;
  private readonly budget: UploadBudget;
  private readonly truncated: () => boolean;
  constructor(ext: string, budget: UploadBudget, truncated: () => boolean) {
    super();
    this.ext = ext;
    this.budget = budget;
    this.truncated = truncated;
  }

  /** Call once, after the stream ended. */
  digest(): string {
    return this.hash.digest('hex');
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, cb: TransformCallback): void {
    this.size += chunk.length;
    this.hash.update(chunk);
    // The quotas are counted on every chunk, so an upload stops as soon as it would pass one.
    const over = this.budget.take(chunk.length);
    if (over) {
      cb(over);
      return;
    }
    let out = chunk;
    if (!this.detected) {
      this.head.push(chunk);
      this.headLength += chunk.length;
      if (this.headLength < HEAD_BYTES) {
        cb();
        return;
      }
      out = Buffer.concat(this.head);
      this.head = [];
      const err = this.recognise(out);
      if (err) {
        cb(err);
        return;
      }
    }
    if (this.size > this.limit) {
      cb(tooLarge(this.limit));
      return;
    }
    cb(null, out);
  }

  override _flush(cb: TransformCallback): void {
    // busboy stops at the multipart fileSize (the largest kind limit) and ends the stream marked truncated.
    if (this.truncated()) {
      cb(tooLarge(fileUploadOptions.limits[this.detected?.kind ?? 'mp4']));
      return;
    }
    if (!this.detected) {
      const head = Buffer.concat(this.head);
      this.head = [];
      if (head.length === 0) {
        cb(uploadBadRequest(FileMessages.empty));
        return;
      }
      const err = this.recognise(head);
      if (err) {
        cb(err);
        return;
      }
      if (this.size > this.limit) {
        cb(tooLarge(this.limit));
        return;
      }
      this.push(head);
    }
    cb();
  }

  /** Content and extension must agree; sets the kind's limit. */
  private recognise(head: Buffer): AppError | undefined {
    const content = detectContent(head);
    if (!content?.exts.includes(this.ext)) return typeNotAllowed();
    this.detected = content;
    this.limit = fileUploadOptions.limits[content.kind];
    return undefined;
  }
}

/** A file received into the storage under its final key, its row not yet written. */
export interface ReceivedFile {
  id: string;
  kind: FileKind;
  mime: string;
  ext: string;
  size: number;
  sha256: string;
  originalName: string;
  /** The storage key, `<yyyy>/<mm>/<uuid>.<ext>`. */
  storagePath: string;
}

export interface ReceiveOptions {
  /** Counts the bytes against the uploader's quotas (modules/file/quota.ts); default none. */
  budget?: UploadBudget;
  /** Scans the bytes (app.deps.antivirus for anything a user sends; antivirusOff only for the server's own). */
  antivirus: Antivirus;
}

/**
 * Streams one uploaded file through the checks into the storage under `<yyyy>/<mm>/<uuid>.<ext>`: the magic
 * bytes against the extension and the size limit first, then the antivirus (so a file of the wrong type is
 * refused before clamd sees a byte), all while the bytes stream to the storage. The storage keeps nothing when a
 * check fails or the client goes away (FileStorage.put; the scan ends its stream only after a clean verdict), so
 * on any error there is nothing to remove. The budget cuts the stream off when a quota would be passed. Until
 * commitFile writes its row the file is no one's: a caller that does not commit it deletes it (discardFile).
 */
export async function receiveFile(
  stream: Readable & { truncated?: boolean },
  rawName: string | undefined,
  storage: FileStorage,
  now: Date,
  opts: ReceiveOptions,
): Promise<ReceivedFile> {
  const budget = opts.budget ?? unlimitedBudget;
  const originalName = cleanFileName(rawName);
  const ext = extensionOf(originalName);
  const allowed = EXTENSIONS[ext];
  if (!allowed) {
    // Not read any further: busboy stops, and the answer closes the connection.
    stream.destroy();
    throw typeNotAllowed();
  }
  const id = randomUUID();
  const dir = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  const storagePath = `${dir}/${id}.${ext}`;
  const inspector = new UploadInspector(ext, budget, () => stream.truncated === true);
  const scan = opts.antivirus.scanning();
  // A failing client stream destroys the checks with its error (and a failing check the client stream), so
  // the put sees the failure and keeps nothing; the put's failure is the one reported.
  pipeline(stream, inspector, scan, () => undefined);
  try {
    await storage.put(storagePath, scan, allowed.mime);
  } catch (err) {
    stream.destroy();
    if (err instanceof StorageError) throw storageUnavailable(err, true);
    if (err instanceof InfectedFileError || err instanceof AntivirusError) throw scanRefusal(err);
    throw err;
  }
  const detected = inspector.detected;
  if (!detected) {
    await discardFile(storage, { storagePath });
    throw typeNotAllowed();
  }
  return {
    id,
    kind: detected.kind,
    mime: detected.mime,
    ext,
    size: inspector.size,
    sha256: inspector.digest(),
    originalName,
    storagePath,
  };
}

/** Removes a received file that will not be committed (its row was refused or never written). */
export async function discardFile(
  storage: FileStorage,
  file: Pick<ReceivedFile, 'storagePath'>,
): Promise<void> {
  await storage.delete(file.storagePath).catch(() => undefined);
}

/** Who a stored file belongs to (the uploader, or nobody for a file the server made). */
export type FileOwner = { userId: number | null; orgId: number | null };

/** Writes the row of a received file (its bytes are stored already). */
export async function commitFile(trx: Tx, f: ReceivedFile, auth: FileOwner, now: Date): Promise<string> {
  await trx
    .insertInto('sysFile')
    .values({
      id: f.id,
      kind: f.kind,
      mime: f.mime,
      ext: f.ext,
      size: f.size,
      sha256: f.sha256,
      originalName: f.originalName,
      storagePath: f.storagePath,
      ownerUserId: auth.userId,
      ownerOrgId: auth.orgId,
      createdAt: now,
    })
    .execute();
  return f.id;
}

/**
 * Stores bytes the server made (the demo seed's licence images, training photos, complaint reports) the way an
 * upload is stored: the same checks (content against the name's extension, size limit, hash), storage and row.
 * The row is written in `trx`: should that transaction roll back later, the bytes stay without a row.
 */
export async function storeFileBytes(
  trx: Tx,
  storage: FileStorage,
  bytes: Uint8Array,
  fileName: string,
  owner: FileOwner,
  now: Date,
): Promise<string> {
  // The server's own bytes (demo images, generated reports): checked like an upload but not scanned.
  const received = await receiveFile(Readable.from([Buffer.from(bytes)]), fileName, storage, now, {
    antivirus: antivirusOff,
  });
  try {
    return await commitFile(trx, received, owner, now);
  } catch (err) {
    await discardFile(storage, received);
    throw err;
  }
}

/**
 * Roles that may attach any file to a record they write (operations and the supervising government).
 * Downloading by id is narrower: see mayDownload.
 */
const READ_ALL_ROLES = new Set(['ROLE_ADMIN', 'ROLE_GOVERNMENT']);

/**
 * Whether a user may attach a file to a record it writes: public files, the uploader, users of the
 * uploader's organisation, and the admin and government roles. Reading goes through the record's own
 * route or mayDownload.
 */
export function canReadFile(
  auth: Pick<AuthContext, 'userId' | 'orgId' | 'roleKey'>,
  file: Pick<FileRow, 'ownerUserId' | 'ownerOrgId' | 'isPublic' | 'deletedAt'>,
): boolean {
  if (file.deletedAt) return false;
  if (file.isPublic) return true;
  if (READ_ALL_ROLES.has(auth.roleKey)) return true;
  if (file.ownerUserId !== null && file.ownerUserId === auth.userId) return true;
  return file.ownerOrgId !== null && auth.orgId !== null && file.ownerOrgId === auth.orgId;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function findFile(db: Db, id: string): Promise<FileRow | undefined> {
  if (!UUID.test(id)) return undefined;
  return db.selectFrom('sysFile').selectAll().where('id', '=', id.toLowerCase()).executeTakeFirst();
}

/**
 * Whether a signed-in user may download a file by id (GET /api/file/:id). Published files, the operations
 * admin, the uploader (its own uploads, attached or not), and users of the uploader's organisation unless
 * that is a government department (one department holds regulators of different districts, so its
 * files follow their records). Anyone else only when a module that attached the file to a record says
 * the caller may read that record (`app.fileScopes`: an enterprise's licence follows the enterprise's
 * scope, so a district regulator reads the licences of its districts' enterprises only).
 */
export async function mayDownload(
  db: Db,
  auth: AuthContext,
  file: FileRow,
  scopes: Pick<FileScopes, 'readable'>,
): Promise<boolean> {
  if (file.deletedAt) return false;
  if (file.isPublic || auth.roleKey === 'ROLE_ADMIN') return true;
  if (file.ownerUserId !== null && file.ownerUserId === auth.userId) return true;
  if (file.ownerOrgId !== null && file.ownerOrgId === auth.orgId) {
    const actor = await resolveActor(db, auth);
    if (actor.kind !== 'government') return true;
  }
  return scopes.readable(db, auth, file.id);
}

/** The file for a signed-in reader; missing and not-allowed answer the same 404 (security.md Z02, F03). */
export async function readableFile(
  db: Db,
  id: string,
  auth: AuthContext,
  scopes: Pick<FileScopes, 'readable'>,
): Promise<FileRow> {
  const row = await findFile(db, id);
  if (!row || !(await mayDownload(db, auth, row, scopes))) throw notFound('文件不存在');
  return row;
}

/** A file published for anonymous readers (portal images). */
export async function publicFile(db: Db, id: string): Promise<FileRow> {
  const row = await findFile(db, id);
  if (!row?.isPublic || row.deletedAt) throw notFound('文件不存在');
  return row;
}

/**
 * The single byte range a `Range` header asks for (RFC 9110 14.2): `bytes=a-b`, `bytes=a-` or `bytes=-n`,
 * clamped to the file. `undefined` when there is no usable header (absent, another unit, several ranges,
 * malformed: the whole file is sent), `'unsatisfiable'` when the range starts past the end.
 */
export function parseRange(
  header: string | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return undefined;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? Number.POSITIVE_INFINITY : Number(m[2]);
  if (end < start) return undefined;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}

/**
 * Sends a stored file from the storage with its type, disposition and nosniff; a single-range request (video
 * and audio players seek this way) gets 206 and that part only. A row whose bytes are missing answers 404
 * like a missing row.
 */
export async function sendStoredFile(
  reply: FastifyReply,
  storage: FileStorage,
  row: FileRow,
): Promise<FastifyReply> {
  const size = Number(row.size);
  const range = parseRange(reply.request.headers.range, size);
  if (range === 'unsatisfiable') {
    throw new AppError(416, '请求的文件范围超出文件大小', ErrorReason.BAD_REQUEST, {
      'content-range': `bytes */${size}`,
    });
  }
  const body = await storage.get(row.storagePath, range).catch((err: unknown) => {
    throw err instanceof StorageError ? storageUnavailable(err, false) : err;
  });
  if (!body) throw notFound('文件不存在');
  reply
    .header('content-type', row.mime)
    .header('content-length', String(body.length))
    .header('content-disposition', contentDisposition(row))
    .header('accept-ranges', 'bytes')
    .header('x-content-type-options', 'nosniff');
  if (range) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${size}`);
  return reply.send(body.stream);
}

/** `attachment; filename*=UTF-8''…` (RFC 6266 / 5987); images display inline. */
export function contentDisposition(row: Pick<FileRow, 'id' | 'ext' | 'kind' | 'originalName'>): string {
  const name = row.originalName || `${row.id}.${row.ext}`;
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${row.kind === 'image' ? 'inline' : 'attachment'}; filename*=UTF-8''${encoded}`;
}

/** Maps @fastify/multipart and busboy failures to the platform's errors. */
export function uploadError(err: unknown): unknown {
  if (err instanceof AppError) return err;
  const code = typeof err === 'object' && err !== null && 'code' in err ? String(err.code) : '';
  switch (code) {
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return notMultipart();
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge(largestLimit());
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError(413, FileMessages.tooMany, ErrorReason.PAYLOAD_TOO_LARGE, CLOSE);
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_JSON_FIELD_ERROR':
    case 'FST_MP_PREMATURE_CLOSE':
    case 'ERR_STREAM_PREMATURE_CLOSE':
      return uploadBadRequest(FileMessages.broken);
    default:
      break;
  }
  // busboy's own parse errors are plain Errors ("Unexpected end of multipart data", "Boundary not found").
  if (err instanceof Error && /multipart|boundary|part terminated/i.test(err.message)) {
    return uploadBadRequest(FileMessages.broken);
  }
  return err;
}
