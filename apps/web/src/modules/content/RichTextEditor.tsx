import {
  BoldOutlined,
  ClearOutlined,
  CodeOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  UnderlineOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { Button, Divider, Form, Input, Modal, message, Spin, Tooltip } from 'antd';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import {
  acceptOf,
  checkImage,
  createXhrUploader,
  errorMessage,
  IMAGE_RULE,
  type UploadFn,
  useRequestContext,
} from '../../components/index.ts';
import { sanitizeHtml } from '../../platform/sanitize.ts';
import {
  type BlockTag,
  clearFormat,
  type InlineTag,
  insertLink,
  insertNode,
  type ListTag,
  linkProblem,
  normalizeBlocks,
  rangeIn,
  serialize,
  setBlock,
  toggleInline,
  toggleList,
} from './editor-commands.ts';
import '../../components/rich-text.css';
import './content.css';

export interface RichTextEditorProps {
  value?: string;
  onChange?: (html: string) => void;
  /** Replaces the uploader of inserted images (default: POST /api/file/uploadFile with the token). */
  upload?: UploadFn;
  placeholder?: string;
  /** Set by Form.Item. */
  id?: string;
  disabled?: boolean;
  minHeight?: number;
  'aria-label'?: string;
}

const EMPTY = '<p><br></p>';

/**
 * A small rich-text editor for articles, notices, help and rules: headings, bold, italic, underline,
 * lists, links and uploaded images, with an HTML source view. Pasted HTML is cleaned with the same
 * allow-list the portal uses; the server sanitises again on save.
 */
export function RichTextEditor({
  value,
  onChange,
  upload,
  placeholder = '请输入正文',
  id,
  disabled = false,
  minHeight = 260,
  'aria-label': ariaLabel = '正文',
}: RichTextEditorProps) {
  const ctx = useRequestContext();
  const uploadFn = useMemo(
    () => upload ?? ctx.upload ?? createXhrUploader({ getToken: ctx.getToken }),
    [upload, ctx.upload, ctx.getToken],
  );
  const rootRef = useRef<HTMLDivElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const emitted = useRef<string | undefined>(undefined);
  const savedRange = useRef<Range | null>(null);
  const [source, setSource] = useState(false);
  const [empty, setEmpty] = useState(!value);
  const [linkOpen, setLinkOpen] = useState(false);
  const [uploading, setUploading] = useState(0);
  const [linkForm] = Form.useForm<{ url: string; text?: string }>();
  const [messageApi, holder] = message.useMessage();

  // A value from outside (loading a record, form reset) replaces the content; our own echoes do not.
  useEffect(() => {
    const root = rootRef.current;
    if (!root || source) return;
    if (value === emitted.current && root.innerHTML !== '') return;
    emitted.current = value;
    root.innerHTML = value ? sanitizeHtml(value) : EMPTY;
    setEmpty(!value);
  }, [value, source]);

  const emit = () => {
    const root = rootRef.current;
    if (!root) return;
    const html = serialize(root);
    setEmpty(html === '');
    if (html === emitted.current) return;
    emitted.current = html;
    onChange?.(html);
  };

  const run = (fn: (root: HTMLElement) => boolean, needsSelection?: string) => {
    const root = rootRef.current;
    if (!root || disabled) return;
    const done = fn(root);
    if (!done && needsSelection) {
      messageApi.info(needsSelection);
      return;
    }
    emit();
  };

  const inline = (tag: InlineTag) => run((r) => toggleInline(r, tag), '请先选中要设置格式的文字');
  const block = (tag: BlockTag) => run((r) => setBlock(r, tag), '请先把光标放在正文中');
  const list = (tag: ListTag) => run((r) => toggleList(r, tag), '请先把光标放在正文中');

  const openLink = () => {
    const root = rootRef.current;
    if (!root || disabled) return;
    savedRange.current = rangeIn(root)?.cloneRange() ?? null;
    linkForm.setFieldsValue({ url: 'https://', text: '' });
    setLinkOpen(true);
  };
  const applyLink = async () => {
    let fields: { url: string; text?: string };
    try {
      fields = await linkForm.validateFields();
    } catch {
      return; // the form shows what to fix
    }
    const { url, text } = fields;
    const root = rootRef.current;
    if (!root) return;
    insertLink(root, savedRange.current, url, text);
    setLinkOpen(false);
    emit();
  };

  const pickImage = () => {
    const root = rootRef.current;
    if (!root || disabled) return;
    savedRange.current = rangeIn(root)?.cloneRange() ?? null;
    fileRef.current?.click();
  };
  const onFiles = async (files: FileList | null) => {
    const root = rootRef.current;
    if (!root || !files) return;
    for (const file of [...files]) {
      const problem = checkImage(file);
      if (problem) {
        messageApi.error(problem);
        continue;
      }
      setUploading((n) => n + 1);
      try {
        const item = await uploadFn(file);
        const img = root.ownerDocument.createElement('img');
        img.setAttribute('alt', file.name.replace(/\.[^.]+$/, ''));
        // The stored address needs the login token, which an <img> does not send: show the local file.
        const preview = typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
        if (preview) {
          img.setAttribute('src', preview);
          img.setAttribute('data-src', item.fileUrl);
        } else {
          img.setAttribute('src', item.fileUrl);
        }
        insertNode(root, savedRange.current, img);
        savedRange.current = rangeIn(root)?.cloneRange() ?? null;
        emit();
      } catch (e) {
        messageApi.error(`${file.name}上传失败：${errorMessage(e, '请稍后重试')}`);
      } finally {
        setUploading((n) => n - 1);
      }
    }
    if (fileRef.current) fileRef.current.value = '';
  };

  const onPaste = (e: React.ClipboardEvent<HTMLDivElement>) => {
    const html = e.clipboardData.getData('text/html');
    const root = rootRef.current;
    if (!html || !root) return;
    e.preventDefault();
    const doc = root.ownerDocument;
    const tpl = doc.createElement('template');
    tpl.innerHTML = sanitizeHtml(html);
    const frag = tpl.content;
    const last = frag.lastChild;
    const range = rangeIn(root);
    if (range) {
      range.deleteContents();
      range.insertNode(frag);
    } else root.appendChild(frag);
    if (last) {
      const after = doc.createRange();
      after.setStartAfter(last);
      after.collapse(true);
      doc.defaultView?.getSelection()?.removeAllRanges();
      doc.defaultView?.getSelection()?.addRange(after);
    }
    emit();
  };

  const tool = (label: string, icon: ReactNode, onClick: () => void, key = label) => (
    <Tooltip title={label} key={key}>
      <Button
        type="text"
        size="small"
        aria-label={label}
        icon={icon}
        disabled={disabled || (source && label !== 'HTML源码')}
        // Keep the selection in the editor while the button is pressed.
        onMouseDown={(e) => e.preventDefault()}
        onClick={onClick}
      />
    </Tooltip>
  );
  const textTool = (label: string, text: string, onClick: () => void) => (
    <Tooltip title={label} key={label}>
      <Button
        type="text"
        size="small"
        aria-label={label}
        disabled={disabled || source}
        onMouseDown={(e) => e.preventDefault()}
        onClick={onClick}
      >
        {text}
      </Button>
    </Tooltip>
  );

  return (
    <div className={`aq-editor${disabled ? ' aq-editor-disabled' : ''}`}>
      {holder}
      <div className="aq-editor-toolbar" role="toolbar" aria-label="正文格式">
        {textTool('标题', 'H2', () => block('h2'))}
        {textTool('小标题', 'H3', () => block('h3'))}
        {textTool('正文段落', '正文', () => block('p'))}
        {textTool('引用', '“ ”', () => block('blockquote'))}
        <Divider type="vertical" />
        {tool('加粗', <BoldOutlined />, () => inline('strong'))}
        {tool('斜体', <ItalicOutlined />, () => inline('em'))}
        {tool('下划线', <UnderlineOutlined />, () => inline('u'))}
        <Divider type="vertical" />
        {tool('项目符号列表', <UnorderedListOutlined />, () => list('ul'))}
        {tool('编号列表', <OrderedListOutlined />, () => list('ol'))}
        <Divider type="vertical" />
        {tool('插入链接', <LinkOutlined />, openLink)}
        {tool('插入图片', <PictureOutlined />, pickImage)}
        {tool('清除格式', <ClearOutlined />, () => run(clearFormat))}
        <Divider type="vertical" />
        {tool('HTML源码', <CodeOutlined />, () => {
          if (!source) {
            const root = rootRef.current;
            if (root) emitted.current = serialize(root);
          }
          setSource((s) => !s);
        })}
        {uploading > 0 && <Spin size="small" style={{ marginLeft: 8 }} />}
      </div>
      <input
        ref={fileRef}
        type="file"
        accept={acceptOf(IMAGE_RULE)}
        multiple
        style={{ display: 'none' }}
        data-testid="editor-image-input"
        onChange={(e) => void onFiles(e.target.files)}
      />
      {source ? (
        <Input.TextArea
          aria-label={`${ariaLabel}（HTML源码）`}
          value={value ?? ''}
          autoSize={{ minRows: 10, maxRows: 30 }}
          onChange={(e) => {
            emitted.current = undefined;
            onChange?.(e.target.value);
          }}
          style={{ fontFamily: 'monospace', border: 0, borderRadius: 0 }}
        />
      ) : (
        // biome-ignore lint/a11y/useSemanticElements: a contentEditable region is the editor's text box
        <div
          ref={rootRef}
          id={id}
          role="textbox"
          aria-multiline="true"
          aria-label={ariaLabel}
          tabIndex={0}
          contentEditable={!disabled}
          suppressContentEditableWarning
          className={`aq-editor-body aq-rich-text${empty ? ' aq-editor-empty' : ''}`}
          data-placeholder={placeholder}
          style={{ minHeight }}
          onInput={emit}
          onBlur={() => {
            const root = rootRef.current;
            if (root) normalizeBlocks(root);
            emit();
          }}
          onPaste={onPaste}
          onFocus={() => {
            // New lines become paragraphs rather than divs (Chromium).
            try {
              document.execCommand?.('defaultParagraphSeparator', false, 'p');
            } catch {
              /* not supported */
            }
          }}
        />
      )}
      <Modal
        title="插入链接"
        open={linkOpen}
        okText="确定"
        cancelText="取消"
        onOk={() => void applyLink()}
        onCancel={() => setLinkOpen(false)}
        destroyOnHidden
      >
        <Form form={linkForm} layout="vertical" preserve={false}>
          <Form.Item
            name="url"
            label="链接地址"
            rules={[
              {
                validator: async (_r, v: string | undefined) => {
                  const p = linkProblem(v ?? '');
                  if (p) throw new Error(p);
                },
              },
            ]}
          >
            <Input placeholder="https://www.example.com 或 /portal/help" />
          </Form.Item>
          <Form.Item name="text" label="显示文字" extra="已选中文字时可不填，链接加在选中的文字上">
            <Input maxLength={100} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
