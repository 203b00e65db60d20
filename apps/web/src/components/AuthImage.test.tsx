import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthImage, clearFileUrlCache, loadFileUrl } from './AuthImage.tsx';
import { ImageUpload } from './ImageUpload.tsx';
import { defaultRequestContext, RequestContext } from './request-context.ts';
import { failOnConsoleError, renderWithProviders } from './test-utils.tsx';
import type { UploadFn } from './upload.ts';

const fetchMock = vi.fn<typeof fetch>();
let objectUrls = 0;

beforeEach(() => {
  clearFileUrlCache();
  objectUrls = 0;
  vi.stubGlobal('fetch', fetchMock);
  URL.createObjectURL = vi.fn(() => `blob:local/${++objectUrls}`);
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
});
failOnConsoleError();

const withToken = (ui: React.ReactElement) =>
  renderWithProviders(
    <RequestContext.Provider value={{ ...defaultRequestContext, getToken: () => 'tok-9' }}>
      {ui}
    </RequestContext.Provider>,
  );

describe('AuthImage', () => {
  it('fetches /api/file/… with the token and shows it through an object URL', async () => {
    fetchMock.mockResolvedValue(new Response(new Uint8Array([0x89, 0x50]), { status: 200 }));
    withToken(<AuthImage src="/api/file/abc" alt="营业执照" />);
    const img = await screen.findByAltText('营业执照');
    expect(img.getAttribute('src')).toBe('blob:local/1');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/file/abc');
    expect(((init?.headers ?? {}) as Record<string, string>)['X-TOKEN']).toBe('tok-9');
  });

  it('says so when the file cannot be read, and when there is none', async () => {
    fetchMock.mockResolvedValue(new Response('{}', { status: 404 }));
    const { rerender } = withToken(<AuthImage src="/api/file/gone" />);
    await screen.findByText('图片无法读取');
    rerender(
      <RequestContext.Provider value={defaultRequestContext}>
        <AuthImage src={null} emptyText="未上传执照" />
      </RequestContext.Provider>,
    );
    expect(screen.getByText('未上传执照')).toBeTruthy();
  });

  it('uses other URLs as they are and fetches each stored file once', async () => {
    expect(await loadFileUrl('https://cdn.example/a.png', () => 't')).toBe('https://cdn.example/a.png');
    fetchMock.mockImplementation(async () => new Response(new Uint8Array([1]), { status: 200 }));
    const [a, b] = await Promise.all([
      loadFileUrl('/api/file/x', () => 't'),
      loadFileUrl('/api/file/x', () => 't'),
    ]);
    expect(a).toBe(b);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('ImageUpload with stored images', () => {
  it('shows the thumbnail of a stored file fetched with the token, not the bare API URL', async () => {
    fetchMock.mockResolvedValue(new Response(new Uint8Array([0x89, 0x50]), { status: 200 }));
    const { container } = withToken(
      <ImageUpload value={[{ fileName: '现场.png', fileUrl: '/api/file/f1', fileSize: 2 }]} />,
    );
    await waitFor(() => {
      const img = container.querySelector<HTMLImageElement>('.ant-upload-list-item img');
      expect(img?.getAttribute('src')).toBe('blob:local/1');
    });
  });
});

/** Every src an <img> or href an <a> ever had under `root` while the test ran. */
function recordSources(root: HTMLElement): string[] {
  const seen: string[] = [];
  const note = (el: Element) => {
    const v = el.getAttribute('src') ?? el.getAttribute('href');
    if (v) seen.push(v);
  };
  const observer = new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === 'attributes' && r.target instanceof Element) note(r.target);
      for (const n of r.addedNodes)
        if (n instanceof Element) for (const el of [n, ...n.querySelectorAll('img, a')]) note(el);
    }
  });
  observer.observe(root, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['src', 'href'],
  });
  return seen;
}

describe('no unauthenticated request for a stored image', () => {
  const tokenOf = (init: RequestInit | undefined) =>
    ((init?.headers ?? {}) as Record<string, string>)['X-TOKEN'];

  it('ImageUpload never puts a protected URL on an <img> or link, before or after an upload', async () => {
    let answer: (r: Response) => void = () => undefined;
    fetchMock.mockImplementation((url) =>
      String(url) === '/api/file/licence'
        ? new Promise<Response>((resolve) => {
            answer = resolve;
          })
        : Promise.resolve(new Response(new Uint8Array([1]), { status: 200 })),
    );
    const upload = vi.fn<UploadFn>(async () => ({
      fileName: 'scene.png',
      fileUrl: '/api/file/scene',
      fileSize: 1,
    }));
    const seen = recordSources(document.body);
    const { container } = withToken(
      <ImageUpload
        upload={upload}
        value={[{ fileName: '执照.png', fileUrl: '/api/file/licence', fileSize: 2 }]}
      />,
    );
    // While the stored file loads, the card shows an icon, not the API URL.
    expect(container.querySelector('.ant-upload-list-item')).not.toBeNull();
    expect(container.querySelector('.ant-upload-list-item img')).toBeNull();
    answer(new Response(new Uint8Array([0x89]), { status: 200 }));
    await waitFor(() =>
      expect(container.querySelector('.ant-upload-list-item img')?.getAttribute('src')).toBe('blob:local/1'),
    );

    const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(input, { target: { files: [new File(['x'], 'scene.png', { type: 'image/png' })] } });
    await waitFor(() =>
      expect(container.querySelectorAll('.ant-upload-list-item img[src^="blob:"]')).toHaveLength(2),
    );

    expect(seen.filter((v) => v.startsWith('/api/'))).toEqual([]);
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([
      '/api/file/licence',
      '/api/file/scene',
    ]);
    for (const [, init] of fetchMock.mock.calls) expect(tokenOf(init)).toBe('tok-9');
  });

  it('AuthImage waits for the token: without one it asks nothing and says the image cannot be read', async () => {
    const seen = recordSources(document.body);
    renderWithProviders(<AuthImage src="/api/file/abc" alt="营业执照" />);
    await screen.findByText('图片无法读取');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(seen.filter((v) => v.startsWith('/api/'))).toEqual([]);
  });

  it('revokes the object URL when the last image showing it unmounts, and not before', async () => {
    fetchMock.mockImplementation(async () => new Response(new Uint8Array([1]), { status: 200 }));
    const a = withToken(<AuthImage src="/api/file/shared" alt="一" />);
    const b = withToken(<AuthImage src="/api/file/shared" alt="二" />);
    await screen.findByAltText('一');
    await screen.findByAltText('二');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    a.unmount();
    await new Promise((r) => setTimeout(r, 5));
    // Its own object URL only: test files share one environment, and a download saved by an earlier file
    // revokes its own URL 30 s later (platform/download.ts), through whatever URL.revokeObjectURL is then.
    expect(URL.revokeObjectURL).not.toHaveBeenCalledWith('blob:local/1');
    b.unmount();
    await waitFor(() => expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:local/1'));
  });
});
