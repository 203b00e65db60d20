import { createHash, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import type fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { TransformCallback } from 'node:stream';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ErrorReason } from '@aqzrx/contracts';
import type { Selectable } from 'kysely';
import type { SysFileTable } from '../../db/schema.ts';
import { resolveActor } from '../../platform/actor.ts';
import type { AuthContext, Db, Tx } from '../../platform/context.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { FileScopes } from '../../platform/file-scopes.ts';
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
export const badFieldError = () => uploadBadRequest(FileMessages.wrongField);

/**
 * Checks a file while it streams past: magic bytes against the extension on the first bytes, the
 * kind's size limit on every chunk, and the SHA-256 of the whole.
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
  constructor(ext: string, budget: UploadBudget) {
    super();
    this.ext = ext;
    this.budget = budget;
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

/** A file received into its `.part` temp file, not yet committed. */
export interface ReceivedFile {
  id: string;
  kind: FileKind;
  mime: string;
  ext: string;
  size: number;
  sha256: string;
  originalName: string;
  /** Relative to the upload directory, `<yyyy>/<mm>/<uuid>.<ext>`. */
  storagePath: string;
  tempPath: string;
  finalPath: string;
}

/**
 * Streams one uploaded file to `<uploadDir>/<yyyy>/<mm>/<uuid>.part`; the temp file is gone on any error.
 * `budget` counts the bytes against the uploader's quotas (modules/file/quota.ts) and cuts the stream off
 * when one would be passed.
 */
export async function receiveFile(
  stream: Readable & { truncated?: boolean },
  rawName: string | undefined,
  uploadDir: string,
  now: Date,
  budget: UploadBudget = unlimitedBudget,
): Promise<ReceivedFile> {
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
  const finalPath = path.join(uploadDir, storagePath);
  const tempPath = path.join(uploadDir, dir, `${id}.part`);
  const inspector = new UploadInspector(ext, budget);
  let out: fs.WriteStream | undefined;
  try {
    await fsp.mkdir(path.dirname(tempPath), { recursive: true });
    // The temp file exists before any byte flows, so a failure at any point finds it to remove.
    const handle = await fsp.open(tempPath, 'wx', 0o640);
    out = handle.createWriteStream();
    await pipeline(stream, inspector, out);
    // busboy stops at the multipart fileSize (the largest kind limit) and marks the stream truncated.
    if (stream.truncated) throw tooLarge(fileUploadOptions.limits[inspector.detected?.kind ?? 'mp4']);
  } catch (err) {
    stream.destroy();
    if (out && !out.closed) await once(out, 'close').catch(() => undefined);
    await removeQuietly(tempPath);
    throw err;
  }
  const detected = inspector.detected;
  if (!detected) {
    await removeQuietly(tempPath);
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
    tempPath,
    finalPath,
  };
}

export async function removeQuietly(file: string): Promise<void> {
  await fsp.rm(file, { force: true }).catch(() => undefined);
}

/** Who a stored file belongs to (the uploader, or nobody for a file the server made). */
export type FileOwner = { userId: number | null; orgId: number | null };

/** Writes the row and moves the temp file to its final name, as one step: a failed rename rolls the row back. */
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
  await fsp.rename(f.tempPath, f.finalPath);
  return f.id;
}

/**
 * Stores bytes the server made (the demo seed's licence images) the way an upload is stored: the same
 * checks (content against the name's extension, size limit, hash), storage layout and row.
 */
export async function storeFileBytes(
  trx: Tx,
  uploadDir: string,
  bytes: Uint8Array,
  fileName: string,
  owner: FileOwner,
  now: Date,
): Promise<string> {
  const received = await receiveFile(Readable.from([Buffer.from(bytes)]), fileName, uploadDir, now);
  try {
    return await commitFile(trx, received, owner, now);
  } catch (err) {
    await removeQuietly(received.tempPath);
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

/** Opens a stored file; a row whose file is missing answers 404 as well. */
export async function openStoredFile(
  uploadDir: string,
  row: FileRow,
): Promise<{ stream: fs.ReadStream; size: number }> {
  const root = path.resolve(uploadDir);
  const full = path.resolve(root, row.storagePath);
  if (!full.startsWith(root + path.sep)) throw notFound('文件不存在');
  try {
    const handle = await fsp.open(full, 'r');
    const stat = await handle.stat();
    return { stream: handle.createReadStream(), size: stat.size };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw notFound('文件不存在');
    throw err;
  }
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

/** Removes `.part` files a crash left behind (older than a day, so running uploads are never touched). */
export async function sweepStaleParts(
  uploadDir: string,
  now: number,
  maxAgeMs = 24 * 3600_000,
): Promise<number> {
  let removed = 0;
  let entries: string[];
  try {
    entries = await fsp.readdir(uploadDir, { recursive: true });
  } catch {
    return 0;
  }
  for (const rel of entries) {
    if (!rel.endsWith('.part')) continue;
    const full = path.join(uploadDir, rel);
    const stat = await fsp.stat(full).catch(() => undefined);
    if (stat?.isFile() && now - stat.mtimeMs > maxAgeMs) {
      await removeQuietly(full);
      removed++;
    }
  }
  return removed;
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
