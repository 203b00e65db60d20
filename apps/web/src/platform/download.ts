import { type FileResponse, type RequestOptions, requestFile } from './request.ts';

/** Hands a blob to the browser as a download under `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 30_000);
}

/**
 * Fetches a file from the API with the session token and saves it under the server's file name (or
 * `fallbackName`). Refusals (403, 400 over an export cap, ...) are shown like any other failure and reject.
 * Returns the saved name and the response headers (e.g. an export's row count).
 */
export async function downloadFile(
  url: string,
  options: RequestOptions & { fallbackName: string },
): Promise<{ fileName: string; headers: FileResponse['headers'] }> {
  const { fallbackName, ...rest } = options;
  const file = await requestFile(url, rest);
  const fileName = file.fileName ?? fallbackName;
  saveBlob(file.blob, fileName);
  return { fileName, headers: file.headers };
}

/**
 * POSTs list filters to an export call and saves the workbook (downloadFile: token, refusals such as 403
 * or 400 over the row cap shown and rejected). Resolves to the row count the server reports.
 */
export async function exportXlsx(
  url: string,
  params: RequestOptions['params'],
  fallbackName: string,
): Promise<number> {
  const { headers } = await downloadFile(url, { method: 'POST', params, fallbackName });
  return Number(headers.get('x-export-rows') ?? 0);
}
