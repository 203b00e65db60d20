import { z } from 'zod';

/** What /api/file/uploadFile answers as `data.fileMap` (spec 3): the stored file and where to read it. */
export const uploadedFile = z.object({
  fileName: z.string(),
  fileUrl: z.string(),
  fileSize: z.number(),
  fileId: z.string(),
});
export type UploadedFile = z.infer<typeof uploadedFile>;

/** A stored file named by a record's attachment ids (in their stored order; missing files left out). */
export const attachmentFile = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number(),
  kind: z.string(),
});
export type AttachmentFile = z.output<typeof attachmentFile>;
