import type { FastifyReply } from 'fastify';
import type { AuthContext, Db } from '../../platform/context.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { FileStorage } from '../../platform/storage/storage.ts';
import { canReadFile, findFile, sendStoredFile } from '../file/index.ts';

/**
 * Files attached to prevention activity records (training materials and photos, plan documents): the
 * uploader attaches files it may read; readers of the record download them through the record's route.
 */
export async function assertAttachableFiles(
  db: Db,
  auth: AuthContext,
  ids: readonly string[],
  label: string,
): Promise<string[]> {
  const out: string[] = [];
  for (const raw of ids) {
    const id = raw.toLowerCase();
    const file = await findFile(db, id);
    if (!file || !canReadFile(auth, file))
      throw badRequest(`${label}中的文件 ${raw} 不存在或无权使用，请重新上传`);
    out.push(id);
  }
  return out;
}

export interface StoredFileInfo {
  id: string;
  name: string;
  size: number;
  kind: string;
}

/** The files of a record's id list, in order (missing or deleted files left out). */
export async function fileInfos(db: Db, ids: readonly string[]): Promise<StoredFileInfo[]> {
  const wanted = ids.map((i) => i.toLowerCase());
  if (wanted.length === 0) return [];
  const rows = await db
    .selectFrom('sysFile')
    .select(['id', 'originalName', 'size', 'kind'])
    .where('id', 'in', wanted)
    .where('deletedAt', 'is', null)
    .execute();
  return wanted.flatMap((id) => {
    const f = rows.find((r) => r.id === id);
    return f ? [{ id: f.id, name: f.originalName, size: Number(f.size), kind: f.kind }] : [];
  });
}

/** Streams a file of a record the caller may read (the caller checked the record's scope). */
export async function sendRecordFile(
  db: Db,
  storage: FileStorage,
  reply: FastifyReply,
  fileId: string,
  attached: readonly string[],
): Promise<FastifyReply> {
  if (!attached.map((a) => a.toLowerCase()).includes(fileId.toLowerCase())) throw notFound('文件不存在');
  const row = await findFile(db, fileId);
  if (!row || row.deletedAt) throw notFound('文件不存在');
  return sendStoredFile(reply, storage, row);
}
