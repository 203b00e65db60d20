import { afterEach, describe, expect, it, vi } from 'vitest';
import { createXhrUploader, readFileMap, UPLOAD_URL } from './upload.ts';

/** A stand-in XMLHttpRequest that records what was sent and answers with a canned body. */
class FakeXhr {
  static last: FakeXhr | null = null;
  static respond: { status: number; body: string } = { status: 200, body: '' };
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  aborted = false;
  upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.last = this;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  /** Finishes the request: progress, then the canned response. */
  finish() {
    this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 } as ProgressEvent);
    this.status = FakeXhr.respond.status;
    this.responseText = FakeXhr.respond.body;
    this.onload?.();
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeXhr.last = null;
});

describe('createXhrUploader', () => {
  it('POSTs multipart field "file" with X-TOKEN and resolves with data.fileMap', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    FakeXhr.respond = {
      status: 200,
      body: JSON.stringify({
        error: 0,
        apiError: 0,
        result: 'ok',
        data: { fileMap: { fileName: 'a.png', fileUrl: '/files/2024/a.png', fileSize: 3 } },
      }),
    };
    const onProgress = vi.fn();
    const upload = createXhrUploader({ getToken: () => 'tok-123' });
    const f = new File(['abc'], 'a.png', { type: 'image/png' });
    const done = upload(f, { onProgress });
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe(UPLOAD_URL);
    expect(UPLOAD_URL).toBe('/api/file/uploadFile');
    expect(xhr.headers['X-TOKEN']).toBe('tok-123');
    const sent = xhr.body?.get('file');
    expect(sent).toBeInstanceOf(File);
    expect((sent as File).name).toBe('a.png');
    xhr.finish();
    await expect(done).resolves.toEqual({ fileName: 'a.png', fileUrl: '/files/2024/a.png', fileSize: 3 });
    expect(onProgress).toHaveBeenCalledWith(50);
  });

  it('rejects with the server message for an error envelope', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    FakeXhr.respond = {
      status: 415,
      body: JSON.stringify({ error: 415, apiError: 415, result: '不支持的文件类型' }),
    };
    const done = createXhrUploader()(new File(['x'], 'a.png'));
    expect(FakeXhr.last!.headers['X-TOKEN']).toBeUndefined();
    FakeXhr.last!.finish();
    await expect(done).rejects.toThrow('不支持的文件类型');
  });

  it('rejects when the response is not an envelope or lacks fileMap', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    FakeXhr.respond = { status: 502, body: '<html>Bad Gateway</html>' };
    const bad = createXhrUploader()(new File(['x'], 'a.png'));
    FakeXhr.last!.finish();
    await expect(bad).rejects.toThrow('上传失败（HTTP 502）');

    FakeXhr.respond = {
      status: 200,
      body: JSON.stringify({ error: 0, apiError: 0, result: 'ok', data: {} }),
    };
    const empty = createXhrUploader()(new File(['x'], 'a.png'));
    FakeXhr.last!.finish();
    await expect(empty).rejects.toThrow('服务器未返回文件信息');
  });

  it('can be aborted', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const controller = new AbortController();
    const done = createXhrUploader()(new File(['x'], 'a.png'), { signal: controller.signal });
    controller.abort();
    await expect(done).rejects.toThrow('上传已取消');
    expect(FakeXhr.last!.aborted).toBe(true);
  });
});

describe('readFileMap', () => {
  it('reads and normalises fileMap', () => {
    expect(readFileMap({ fileMap: { fileName: 'a', fileUrl: '/f/a', fileSize: '12' } })).toEqual({
      fileName: 'a',
      fileUrl: '/f/a',
      fileSize: 12,
    });
    expect(readFileMap({ fileMap: { fileName: 'a' } })).toBeNull();
    expect(readFileMap(null)).toBeNull();
  });
});
