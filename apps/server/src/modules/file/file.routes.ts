import { envelope, fileResponse, uploadedFile } from '@aqzrx/contracts';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/envelope.ts';
import { requireAuth } from '../../platform/http.ts';
import { fileUploadOptions, largestLimit } from './file.kinds.ts';
import {
  badFieldError,
  commitFile,
  discardFile,
  noFileError,
  notMultipart,
  publicFile,
  type ReceivedFile,
  readableFile,
  receiveFile,
  sendStoredFile,
  uploadError,
} from './file.service.ts';
import { assertDiskRoom, createUploadLedger, openBudget, type UploadBudget, uploadLimits } from './quota.ts';

/** Fixed multipart limits; fileSize follows the largest kind limit (read per request). */
const MULTIPART_LIMITS = {
  files: 1,
  parts: 10,
  fields: 5,
  fieldNameSize: 100,
  fieldSize: 1024,
  headerPairs: 100,
};

// Any string: a malformed id answers 404 like a missing one.
const idParams = z.object({ id: z.string() }).strict();

/**
 * File upload and download (spec 7, security.md F01-F04). Multipart parsing is registered in this
 * module's own scope, so no other route accepts multipart bodies.
 */
export function filesRoutes(app: FastifyInstance): void {
  const { antivirus, clock, config, storage } = app.deps;
  const limits = uploadLimits(config);
  const ledger = createUploadLedger();

  app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { ...MULTIPART_LIMITS, fileSize: largestLimit() },
      throwFileSizeLimit: true,
    });
    // Anything that is not multipart reaches the handler unparsed and is refused there with 406.
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null, undefined));
    const r = scope.withTypeProvider<ZodTypeProvider>();

    /** Streams the one file part into the storage within the budget, then commits its row. */
    const receiveAndCommit = async (
      req: FastifyRequest,
      auth: ReturnType<typeof requireAuth>,
      budget: UploadBudget,
    ) => {
      let received: ReceivedFile | undefined;
      try {
        for await (const part of req.parts({
          limits: { ...MULTIPART_LIMITS, fileSize: largestLimit() },
        })) {
          if (part.type !== 'file') continue;
          if (part.fieldname !== 'file') {
            part.file.destroy();
            throw badFieldError();
          }
          received = await receiveFile(part.file, part.filename, storage, clock.now(), {
            budget,
            antivirus,
          });
        }
      } catch (err) {
        // A file stored before the rest of the form failed (a second file, too many fields) is not kept.
        if (received) await discardFile(storage, received);
        throw uploadError(err);
      }
      if (!received) throw noFileError();
      const file = received;
      try {
        await req.tx((trx) => commitFile(trx, file, auth, clock.now()), { targetId: file.id });
      } catch (err) {
        await discardFile(storage, file);
        throw err;
      }
      return ok(
        {
          fileMap: {
            fileName: file.originalName,
            fileUrl: `/api/file/${file.id}`,
            fileSize: file.size,
            fileId: file.id,
          },
        },
        '上传成功',
      );
    };

    r.post(
      '/api/file/uploadFile',
      {
        schema: {
          tags: ['file'],
          summary: '上传文件（multipart/form-data，字段 file）',
          consumes: ['multipart/form-data'],
          response: { 200: envelope(z.object({ fileMap: uploadedFile })) },
        },
        config: {
          permission: 'authenticated',
          audit: { module: '文件', kind: 'add' },
          rateLimit: { max: () => fileUploadOptions.ratePerMinute, timeWindow: 60_000 },
        },
      },
      async (req) => {
        const auth = requireAuth(req);
        if (!req.isMultipart()) throw notMultipart();
        // Before a byte is read: the free-space floor (507), then the quotas already used up or too small for
        // the declared body (413); past that the quotas are counted as the file streams.
        const declared = Number(req.headers['content-length'] ?? 0) || 0;
        await assertDiskRoom(storage, limits.minFreeBytes, declared);
        const budget = await openBudget(app.db, ledger, auth, limits, clock.now(), declared);
        let committed = false;
        try {
          const answer = await receiveAndCommit(req, auth, budget);
          committed = true;
          return answer;
        } finally {
          budget.release(committed);
        }
      },
    );

    r.get(
      '/api/file/:id',
      {
        schema: {
          tags: ['file'],
          summary: '下载文件（上传人、本机构，及可查看文件所属记录者）',
          params: idParams,
          response: { 200: fileResponse('文件内容（Content-Type 为文件的类型）', '*/*') },
        },
        config: { permission: 'authenticated' },
      },
      async (req, reply) =>
        sendStoredFile(
          reply,
          storage,
          await readableFile(app.db, req.params.id, requireAuth(req), app.fileScopes),
        ),
    );

    r.get(
      '/api/public/file/:id',
      {
        schema: {
          tags: ['file'],
          summary: '公开文件（门户图片）',
          params: idParams,
          response: { 200: fileResponse('文件内容（Content-Type 为文件的类型）', '*/*') },
        },
        config: { permission: 'public' },
      },
      async (req, reply) => sendStoredFile(reply, storage, await publicFile(app.db, req.params.id)),
    );
  });
}
