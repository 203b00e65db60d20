import { ApiError, isEnvelope, type TokenGetter } from './fetch-request.ts';

/** One uploaded file as the server describes it (spec 3, response data.fileMap). */
export interface FileMapItem {
  fileName: string;
  fileUrl: string;
  fileSize: number;
}

export interface UploadOptions {
  /** Called with 0..100 while the file is sent. */
  onProgress?: (percent: number) => void;
  /** Aborts the upload; the promise then rejects. */
  signal?: AbortSignal;
}

/** Sends one file and resolves with its fileMap, or rejects with a Chinese message. */
export type UploadFn = (file: File, options?: UploadOptions) => Promise<FileMapItem>;

export const UPLOAD_URL = '/api/file/uploadFile';

/** Reads `data.fileMap` from an upload envelope; returns null when it is not there. */
export function readFileMap(data: unknown): FileMapItem | null {
  if (typeof data !== 'object' || data === null) return null;
  const fileMap = (data as Record<string, unknown>).fileMap;
  if (typeof fileMap !== 'object' || fileMap === null) return null;
  const f = fileMap as Record<string, unknown>;
  if (typeof f.fileUrl !== 'string' || !f.fileUrl) return null;
  return {
    fileName: typeof f.fileName === 'string' ? f.fileName : '',
    fileUrl: f.fileUrl,
    fileSize: typeof f.fileSize === 'number' ? f.fileSize : Number(f.fileSize) || 0,
  };
}

export interface XhrUploaderOptions {
  url?: string;
  getToken?: TokenGetter;
  /** Multipart field name; the server expects `file`. */
  field?: string;
}

/**
 * Default uploader: multipart POST with XMLHttpRequest (fetch cannot report upload progress). No time-out:
 * the large file kinds (video up to 2 GB) take longer than the 60 s API limit.
 */
export function createXhrUploader(options: XhrUploaderOptions = {}): UploadFn {
  const { url = UPLOAD_URL, getToken, field = 'file' } = options;
  return (file, { onProgress, signal } = {}) =>
    new Promise<FileMapItem>((resolve, reject) => {
      if (signal?.aborted) {
        reject(ApiError.of('上传已取消'));
        return;
      }
      const xhr = new XMLHttpRequest();
      xhr.open('POST', url, true);
      xhr.setRequestHeader('Accept', 'application/json');
      xhr.setRequestHeader('Pragma', 'no-cache');
      const token = getToken?.();
      if (token) xhr.setRequestHeader('X-TOKEN', token);
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0)
          onProgress?.(Math.round((event.loaded / event.total) * 100));
      };
      const onAbort = () => xhr.abort();
      signal?.addEventListener('abort', onAbort, { once: true });
      const settle = () => signal?.removeEventListener('abort', onAbort);
      xhr.onload = () => {
        settle();
        let body: unknown;
        try {
          body = JSON.parse(xhr.responseText);
        } catch {
          body = undefined;
        }
        if (!isEnvelope(body)) {
          reject(ApiError.of(`上传失败（HTTP ${xhr.status}）`, xhr.status));
          return;
        }
        if (body.error !== 0) {
          reject(new ApiError(xhr.status, { ...body, result: body.result || '上传失败' }));
          return;
        }
        const item = readFileMap(body.data);
        if (item) resolve(item);
        else reject(new ApiError(xhr.status, { ...body, result: '上传失败：服务器未返回文件信息' }));
      };
      xhr.onerror = () => {
        settle();
        reject(ApiError.of('网络异常，上传失败'));
      };
      xhr.onabort = () => {
        settle();
        reject(ApiError.of('上传已取消'));
      };
      const form = new FormData();
      form.append(field, file, file.name);
      xhr.send(form);
    });
}
