import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/api-stub.tsx';
import { DocForm } from './DocForm.tsx';

const pick = (file: File) => {
  const input = document.querySelector('input[type=file]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
};
const save = () => fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));

describe('DocForm (机构文档)', () => {
  it('needs a file, refuses other kinds, names the document after its file and sends the file id', async () => {
    const upload = vi.fn(async (f: File) => ({
      fileName: f.name,
      fileUrl: '/api/file/0b7c1f9e-2f44-4a43-9a55-8c0c52a1f001',
      fileSize: f.size,
      fileId: '0b7c1f9e-2f44-4a43-9a55-8c0c52a1f001',
    }));
    const onSubmit = vi.fn();
    renderScreen(<DocForm open onCancel={() => {}} onSubmit={onSubmit} upload={upload} />, []);
    await screen.findByText('上传文档');
    save();
    expect(await screen.findByText('请上传文档文件')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    pick(new File(['MZ'], '费率表.exe', { type: 'application/x-msdownload' }));
    expect(await screen.findByText('请上传pdf、jpg、png格式的文档!')).toBeTruthy();
    expect(upload).not.toHaveBeenCalled();

    pick(new File(['%PDF-1.4'], '安责险费率表2025.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('安责险费率表2025.pdf')).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByLabelText('标题') as HTMLInputElement).value).toBe('安责险费率表2025'),
    );
    save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toEqual({
      docType: 1,
      title: '安责险费率表2025',
      fileId: '0b7c1f9e-2f44-4a43-9a55-8c0c52a1f001',
      remark: '',
    });
  });

  it('editing keeps the stored file unless a new one is chosen', async () => {
    const onSubmit = vi.fn();
    renderScreen(
      <DocForm
        open
        record={{
          id: 3,
          insurerId: 5,
          insurerName: '人保',
          docType: 2,
          title: '费率表',
          fileId: '0b7c1f9e-2f44-4a43-9a55-8c0c52a1f002',
          remark: '2025版',
          version: 4,
          updatedAt: '2025-01-01T00:00:00.000Z',
          fileUrl: '/api/insurerDoc/file?id=3',
        }}
        onCancel={() => {}}
        onSubmit={onSubmit}
        upload={vi.fn()}
      />,
      [],
    );
    await screen.findByText('编辑文档');
    fireEvent.change(screen.getByLabelText('标题'), { target: { value: '费率表（修订）' } });
    save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toEqual({
      docType: 2,
      title: '费率表（修订）',
      fileId: '0b7c1f9e-2f44-4a43-9a55-8c0c52a1f002',
      remark: '2025版',
    });
  });
});
