import { fireEvent, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AttachmentIdsUpload, AttachmentUpload, type UploadedAttachment } from './AttachmentUpload.tsx';
import { RequestContext } from './request-context.ts';
import { renderWithProviders } from './test-utils.tsx';
import type { UploadFn } from './upload.ts';

const ID_A = '0a1b2c3d-4e5f-6071-8293-a4b5c6d7e8f9';
const ID_B = '1a1b2c3d-4e5f-6071-8293-a4b5c6d7e8f9';
const urlOf = (id: string) => `/api/file/${id}`;

function pick(container: HTMLElement, ...files: File[]) {
  const input = container.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  fireEvent.change(input, { target: { files } });
}

function withUpload(upload: UploadFn, ui: React.ReactNode) {
  return renderWithProviders(
    <App>
      <RequestContext.Provider value={{ request: vi.fn(), getToken: () => null, upload }}>
        {ui}
      </RequestContext.Provider>
    </App>,
  );
}

function Controlled({ onChange }: { onChange: (v: UploadedAttachment[]) => void }) {
  const [value, setValue] = useState<UploadedAttachment[]>([]);
  return (
    <AttachmentUpload
      value={value}
      max={2}
      onChange={(v) => {
        setValue(v);
        onChange(v);
      }}
    />
  );
}

describe('AttachmentUpload', () => {
  it('uploads PDFs and images, keeps every file of a multiple pick, and stops at the most allowed', async () => {
    const ids = [ID_A, ID_B];
    const upload = vi.fn<UploadFn>(async (f) => ({
      fileName: f.name,
      fileUrl: urlOf(ids.shift()!),
      fileSize: 2048,
    }));
    const onChange = vi.fn();
    const { container } = withUpload(upload, <Controlled onChange={onChange} />);
    pick(
      container,
      new File(['x'], 'a.pdf', { type: 'application/pdf' }),
      new File(['x'], 'b.png', { type: 'image/png' }),
    );
    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith([
        { fileId: ID_A, fileName: 'a.pdf', fileSize: 2048, fileUrl: urlOf(ID_A) },
        { fileId: ID_B, fileName: 'b.png', fileSize: 2048, fileUrl: urlOf(ID_B) },
      ]),
    );
    expect(screen.getByText('a.pdf（2 KB）')).toBeTruthy();
    expect(screen.getByRole('button', { name: /上传附件/ }).hasAttribute('disabled')).toBe(true);
  });

  it('refuses other kinds of files with the reason and does not upload them', async () => {
    const upload = vi.fn<UploadFn>();
    const { container } = withUpload(upload, <AttachmentUpload />);
    pick(container, new File(['x'], 'a.exe', { type: 'application/octet-stream' }));
    expect(await screen.findByText('a.exe：附件只支持 PDF 和图片（jpg、png、gif）')).toBeTruthy();
    expect(upload).not.toHaveBeenCalled();
  });
});

describe('AttachmentIdsUpload', () => {
  it('shows the record’s files by name and reports ids', async () => {
    const upload = vi.fn<UploadFn>(async (f) => ({ fileName: f.name, fileUrl: urlOf(ID_B), fileSize: 10 }));
    const onChange = vi.fn();
    const { container } = withUpload(
      upload,
      <AttachmentIdsUpload
        value={[ID_A]}
        onChange={onChange}
        initialFiles={[{ id: ID_A, name: '保单.pdf', size: 4096 }]}
      />,
    );
    expect(screen.getByText('保单.pdf（4 KB）')).toBeTruthy();
    pick(container, new File(['x'], 'c.jpg', { type: 'image/jpeg' }));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith([ID_A, ID_B]));
  });
});
