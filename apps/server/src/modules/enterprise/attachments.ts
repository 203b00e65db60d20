import type { FastifyReply } from 'fastify';
import type { AuthContext, Db } from '../../platform/context.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { FileStorage } from '../../platform/storage/storage.ts';
import { canReadFile, findFile, sendStoredFile } from '../file/index.ts';

/**
 * Attachments are uploaded first (/api/file/uploadFile) and then named by id in a record. A writer may
 * only attach files it can read itself (its own or its organisation's), so nobody attaches another
 * organisation's file to gain access to it.
 */
export async function assertAttachable(db: Db, auth: AuthContext, ids: readonly string[]): Promise<void> {
  const unique = [...new Set(ids.map((i) => i.toLowerCase()))];
  if (unique.length !== ids.length) throw badRequest('附件重复，请检查后重试');
  for (const id of unique) {
    const file = await findFile(db, id);
    if (!file || !canReadFile(auth, file)) throw badRequest(`附件 ${id} 不存在或无权使用，请重新上传`);
  }
}

/**
 * Streams an attachment of a record the caller may read (the caller checked the record's scope and that
 * the file belongs to it): the insurer reads the enterprise's claim photos this way.
 */
export async function sendAttachment(
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
