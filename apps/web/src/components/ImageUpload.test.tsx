import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Button, Form } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { MB } from './file-checks.ts';
import { ImageUpload } from './ImageUpload.tsx';
import { RequestContext } from './request-context.ts';
import { failOnConsoleError, renderWithProviders } from './test-utils.tsx';
import type { FileMapItem, UploadFn } from './upload.ts';

const render = renderWithProviders;

function file(name: string, type: string, size = 1): File {
  const f = new File(['x'], name, { type });
  if (size !== 1) Object.defineProperty(f, 'size', { value: size });
  return f;
}
const png = (name: string, size?: number) => file(name, 'image/png', size);

const item = (name: string, size = 1): FileMapItem => ({
  fileName: name,
  fileUrl: `/files/${name}`,
  fileSize: size,
});

function fakeUpload() {
  return vi.fn<UploadFn>(async (f) => item(f.name, f.size));
}

function input(container: HTMLElement): HTMLInputElement {
  const el = container.querySelector<HTMLInputElement>('input[type="file"]');
  if (!el) throw new Error('no file input');
  return el;
}

function pick(container: HTMLElement, ...files: File[]) {
  fireEvent.change(input(container), { target: { files } });
}

failOnConsoleError();

describe('ImageUpload', () => {
  it('uploads a valid image and reports its fileMap as the value', async () => {
    const upload = fakeUpload();
    const onChange = vi.fn();
    const { container } = render(<ImageUpload upload={upload} onChange={onChange} />);
    expect(screen.getByText('上传图片')).toBeTruthy();
    expect(input(container).accept).toContain('.png');
    pick(container, png('a.png'));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith([item('a.png')]));
    expect(upload).toHaveBeenCalledTimes(1);
    expect(upload.mock.calls[0]![0].name).toBe('a.png');
    await waitFor(() => expect(container.querySelector('img[src="/files/a.png"]')).not.toBeNull());
  });

  it('refuses other types with the spec message and does not upload', async () => {
    const upload = fakeUpload();
    const onChange = vi.fn();
    const { container } = render(<ImageUpload upload={upload} onChange={onChange} />);
    pick(container, file('a.bmp', 'image/bmp'));
    expect(await screen.findByText('请上传jpeg、jpg、png、gif格式的图片!')).toBeTruthy();
    expect(upload).not.toHaveBeenCalled();
    expect(onChange).not.toHaveBeenCalled();
    expect(container.querySelectorAll('.ant-upload-list-item')).toHaveLength(0);
  });

  it('refuses images of 20 MB or more', async () => {
    const upload = fakeUpload();
    const { container } = render(<ImageUpload upload={upload} />);
    pick(container, png('big.png', 20 * MB));
    expect(await screen.findByText('图片要小于20M!')).toBeTruthy();
    expect(upload).not.toHaveBeenCalled();
    pick(container, png('ok.png', 20 * MB - 1));
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(1));
  });

  it('keeps only the last N when more than size are chosen, with the spec message', async () => {
    const upload = fakeUpload();
    const onChange = vi.fn();
    const { container } = render(<ImageUpload size={2} upload={upload} onChange={onChange} />);
    pick(container, png('a.png'), png('b.png'), png('c.png'));
    expect(await screen.findByText('最多上传2张!')).toBeTruthy();
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith([item('b.png'), item('c.png')]));
    // The file that could not be kept is not even sent.
    expect(upload.mock.calls.map(([f]) => f.name)).toEqual(['b.png', 'c.png']);
    // Full: the add button is gone.
    expect(screen.queryByText('上传图片')).toBeNull();
  });

  it('drops the oldest existing images when new ones exceed size', async () => {
    const upload = fakeUpload();
    const onChange = vi.fn();
    const { container } = render(
      <ImageUpload
        size={3}
        value={[item('old1.png'), item('old2.png')]}
        upload={upload}
        onChange={onChange}
      />,
    );
    expect(container.querySelectorAll('.ant-upload-list-item')).toHaveLength(2);
    pick(container, png('n1.png'), png('n2.png'));
    expect(await screen.findByText('最多上传3张!')).toBeTruthy();
    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith([item('old2.png'), item('n1.png'), item('n2.png')]),
    );
  });

  it('size 1 turns off multiple selection; the default allows it', () => {
    const one = render(<ImageUpload size={1} upload={fakeUpload()} />);
    expect(input(one.container).multiple).toBe(false);
    one.unmount();
    const many = render(<ImageUpload upload={fakeUpload()} />);
    expect(input(many.container).multiple).toBe(true);
  });

  it('shows an upload failure and leaves the value alone', async () => {
    const upload = vi.fn<UploadFn>(async () => {
      throw new Error('文件存储不可用');
    });
    const onChange = vi.fn();
    const { container } = render(<ImageUpload upload={upload} onChange={onChange} />);
    pick(container, png('a.png'));
    expect(await screen.findByText('a.png上传失败：文件存储不可用')).toBeTruthy();
    await waitFor(() => expect(container.querySelector('.ant-upload-list-item-error')).not.toBeNull());
    expect(onChange).not.toHaveBeenCalled();
  });

  it('removing an image updates the value', async () => {
    const onChange = vi.fn();
    const { container } = render(
      <ImageUpload value={[item('a.png'), item('b.png')]} upload={fakeUpload()} onChange={onChange} />,
    );
    const removeButtons = container.querySelectorAll<HTMLElement>('button[title="删除文件"]');
    expect(removeButtons).toHaveLength(2);
    fireEvent.click(removeButtons[0]!);
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith([item('b.png')]));
  });

  it('follows a value set from outside', async () => {
    const upload = fakeUpload();
    const { container, rerender } = render(<ImageUpload value={[]} upload={upload} />);
    expect(container.querySelectorAll('.ant-upload-list-item')).toHaveLength(0);
    rerender(<ImageUpload value={[item('x.png')]} upload={upload} />);
    await waitFor(() => expect(container.querySelector('img[src="/files/x.png"]')).not.toBeNull());
  });

  it('uses the uploader from RequestContext when no prop is given', async () => {
    const upload = fakeUpload();
    const onChange = vi.fn();
    const { container } = render(
      <RequestContext.Provider value={{ request: vi.fn(), getToken: () => 't', upload }}>
        <ImageUpload onChange={onChange} />
      </RequestContext.Provider>,
    );
    pick(container, file('p.jpg', 'image/jpeg'));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith([item('p.jpg')]));
    expect(upload).toHaveBeenCalledTimes(1);
  });

  it('works as a Form control: the label targets the file input and the value is submitted', async () => {
    const onFinish = vi.fn();
    const { container } = render(
      <Form onFinish={onFinish}>
        <Form.Item name="photos" label="现场照片" rules={[{ required: true, message: '请上传现场照片' }]}>
          <ImageUpload upload={fakeUpload()} size={3} />
        </Form.Item>
        <Button htmlType="submit">保存</Button>
      </Form>,
    );
    const label = screen.getByText('现场照片', { selector: 'label' });
    expect(label.getAttribute('for')).toBe(input(container).id);
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('请上传现场照片')).toBeTruthy();
    pick(container, png('scene.png'));
    await waitFor(() => expect(screen.queryByText('请上传现场照片')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ photos: [item('scene.png')] }));
  });
});
