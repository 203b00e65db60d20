import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { UploadFn } from '../../components/index.ts';
import { renderWithApp } from '../../test/render.tsx';
import { linkProblem } from './editor-commands.ts';
import { RichTextEditor } from './RichTextEditor.tsx';

function Harness({
  initial,
  onChange,
  upload,
}: {
  initial: string;
  onChange: (v: string) => void;
  upload?: UploadFn;
}) {
  const [value, setValue] = useState(initial);
  return (
    <RichTextEditor
      value={value}
      upload={upload}
      onChange={(v) => {
        setValue(v);
        onChange(v);
      }}
    />
  );
}

async function editorWith(html: string, upload?: UploadFn) {
  const onChange = vi.fn<(v: string) => void>();
  renderWithApp(<Harness initial={html} onChange={onChange} upload={upload} />);
  const box = await screen.findByRole('textbox', { name: '正文' });
  await waitFor(() => expect(box.innerHTML).toBe(html));
  return { box, onChange };
}

/** Selects `text` inside the first text node that contains it. */
function select(box: HTMLElement, text: string) {
  const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const at = n.textContent?.indexOf(text) ?? -1;
    if (at >= 0) {
      const range = document.createRange();
      range.setStart(n, at);
      range.setEnd(n, at + text.length);
      const sel = window.getSelection()!;
      sel.removeAllRanges();
      sel.addRange(range);
      return;
    }
  }
  throw new Error(`text ${text} not found`);
}

function caretIn(box: HTMLElement, text: string) {
  select(box, text);
  window.getSelection()!.getRangeAt(0).collapse(true);
}

const press = (label: string) => fireEvent.click(screen.getByRole('button', { name: label }));

describe('rich-text editor toolbar', () => {
  it('bolds the selected words and toggles bold off again', async () => {
    const { box, onChange } = await editorWith('<p>安全生产责任保险</p>');
    select(box, '责任保险');
    press('加粗');
    expect(onChange).toHaveBeenLastCalledWith('<p>安全生产<strong>责任保险</strong></p>');
    select(box, '责任');
    press('加粗');
    expect(onChange).toHaveBeenLastCalledWith('<p>安全生产责任保险</p>');
  });

  it('asks for a selection before italic', async () => {
    const { box, onChange } = await editorWith('<p>通知正文</p>');
    caretIn(box, '正文');
    press('斜体');
    expect(await screen.findByText('请先选中要设置格式的文字', {}, { timeout: 5000 })).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('turns the current paragraph into a heading and back', async () => {
    const { box, onChange } = await editorWith('<p>第一章 总则</p><p>第一条</p>');
    caretIn(box, '总则');
    press('标题');
    expect(onChange).toHaveBeenLastCalledWith('<h2>第一章 总则</h2><p>第一条</p>');
    caretIn(box, '总则');
    press('标题');
    expect(onChange).toHaveBeenLastCalledWith('<p>第一章 总则</p><p>第一条</p>');
  });

  it('makes a numbered list of the selected paragraphs, and paragraphs again', async () => {
    const { box, onChange } = await editorWith('<p>报案</p><p>查勘</p><p>赔付</p>');
    const range = document.createRange();
    range.setStart(box.childNodes[0]!.firstChild!, 0);
    range.setEnd(box.childNodes[1]!.firstChild!, 2);
    window.getSelection()!.removeAllRanges();
    window.getSelection()!.addRange(range);
    press('编号列表');
    expect(onChange).toHaveBeenLastCalledWith('<ol><li>报案</li><li>查勘</li></ol><p>赔付</p>');
    caretIn(box, '报案');
    press('编号列表');
    expect(onChange).toHaveBeenLastCalledWith('<p>报案</p><p>查勘</p><p>赔付</p>');
  });

  it('refuses a javascript: link and links the selection to a valid address', async () => {
    expect(linkProblem('javascript:alert(1)')).toMatch(/http/);
    expect(linkProblem('/portal/help')).toBeNull();
    const { box, onChange } = await editorWith('<p>详见办法全文</p>');
    select(box, '办法全文');
    press('插入链接');
    const url = await screen.findByLabelText('链接地址', {}, { timeout: 5000 });
    fireEvent.change(url, { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(
      await screen.findByText('链接须以 / 开头的站内路径或 http(s):// 开头的网址', {}, { timeout: 5000 }),
    ).toBeTruthy();
    fireEvent.change(url, { target: { value: 'https://www.gov.cn/zhengce' } });
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith(
        '<p>详见<a href="https://www.gov.cn/zhengce" target="_blank" rel="noopener noreferrer">办法全文</a></p>',
      ),
    );
  });

  it('uploads a picked image and stores its server address', async () => {
    const upload = vi.fn<UploadFn>(async (f) => ({
      fileName: f.name,
      fileUrl: '/api/file/0b7c6f1e-2d1a-4c3b-9a8e-1f2e3d4c5b6a',
      fileSize: f.size,
    }));
    const { box, onChange } = await editorWith('<p>现场照片：</p>', upload);
    caretIn(box, '：');
    window.getSelection()!.getRangeAt(0).setStart(box.firstChild!.firstChild!, 5);
    press('插入图片');
    const input = screen.getByTestId('editor-image-input') as HTMLInputElement;
    const bad = new File(['x'], 'notes.txt', { type: 'text/plain' });
    fireEvent.change(input, { target: { files: [bad] } });
    await waitFor(() => expect(upload).not.toHaveBeenCalled());
    const img = new File([new Uint8Array([137, 80, 78, 71])], 'site.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [img] } });
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(1));
    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith(
        '<p>现场照片：<img alt="site" src="/api/file/0b7c6f1e-2d1a-4c3b-9a8e-1f2e3d4c5b6a"></p>',
      ),
    );
  });

  it('cleans pasted HTML (no scripts, no event handlers)', async () => {
    const { box, onChange } = await editorWith('<p>开头</p>');
    caretIn(box, '头');
    window.getSelection()!.getRangeAt(0).setStart(box.firstChild!.firstChild!, 2);
    fireEvent.paste(box, {
      clipboardData: {
        getData: (t: string) =>
          t === 'text/html'
            ? '<b onclick="alert(1)">粘贴</b><script>alert(2)</script><img src=x onerror=alert(3)>'
            : '',
      },
    });
    const html = onChange.mock.lastCall?.[0] ?? '';
    expect(html).toContain('<b>粘贴</b>');
    expect(html).not.toMatch(/script|onclick|onerror/);
  });
});
