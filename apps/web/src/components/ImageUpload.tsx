import { PlusOutlined } from '@ant-design/icons';
import { Image, message, Upload, type UploadFile, type UploadProps } from 'antd';
import { type CSSProperties, useEffect, useMemo, useRef, useState } from 'react';
import { needsToken, useFileUrls } from './AuthImage.tsx';
import { errorMessage } from './fetch-request.ts';
import { acceptOf, checkImage, IMAGE_RULE } from './file-checks.ts';
import { useRequestContext } from './request-context.ts';
import { createXhrUploader, type FileMapItem, type UploadFn } from './upload.ts';

export interface ImageUploadProps {
  /** Uploaded images, as the server's fileMap items. */
  value?: FileMapItem[];
  onChange?: (value: FileMapItem[]) => void;
  /** Maximum number of images (spec 5: default 8). With 1, the file dialog picks a single file. */
  size?: number;
  disabled?: boolean;
  /** Replaces the uploader (default: POST /api/file/uploadFile with X-TOKEN from RequestContext). */
  upload?: UploadFn;
  /** Text of the add button. */
  buttonText?: string;
  /** Set by Form.Item; goes on the file input so the field label opens the file dialog. */
  id?: string;
  className?: string;
  style?: CSSProperties;
}

type ImageFile = UploadFile<FileMapItem>;

export const exceedMessage = (size: number) => `最多上传${size}张!`;

function toUploadFile(item: FileMapItem): ImageFile {
  return {
    uid: `done:${item.fileUrl}`,
    name: item.fileName || item.fileUrl.split('/').pop() || '图片',
    status: 'done',
    url: item.fileUrl,
    size: item.fileSize,
    response: item,
  };
}

function doneItems(list: ImageFile[]): FileMapItem[] {
  const out: FileMapItem[] = [];
  for (const f of list) if (f.status === 'done' && f.response) out.push(f.response);
  return out;
}

/** The preview antd drew from the picked file (a data: URL), kept while the stored file loads. */
const localPreview = (f: ImageFile) => (f.thumbUrl?.startsWith('data:') ? f.thumbUrl : undefined);

const keyOf = (items: FileMapItem[] | undefined) => (items ?? []).map((i) => i.fileUrl).join('\n');

/**
 * Picture-card image upload (spec 2.8, 5): jpeg/jpg/png/gif under 20 MB each, at most `size` images
 * (the last ones are kept). Works as an antd Form control; the value lists only finished uploads.
 */
export function ImageUpload({
  value,
  onChange,
  size = 8,
  disabled = false,
  upload,
  buttonText = '上传图片',
  id,
  className,
  style,
}: ImageUploadProps) {
  const ctx = useRequestContext();
  const uploadFn = useMemo(
    () => upload ?? ctx.upload ?? createXhrUploader({ getToken: ctx.getToken }),
    [upload, ctx.upload, ctx.getToken],
  );
  const [messageApi, messageHolder] = message.useMessage();
  const [fileList, setFileListState] = useState<ImageFile[]>(() => (value ?? []).map(toUploadFile));
  const listRef = useRef(fileList);
  const emitted = useRef(keyOf(value));
  const aborts = useRef(new Map<string, AbortController>());
  const [preview, setPreview] = useState<string | null>(null);

  const setFileList = (next: ImageFile[]) => {
    listRef.current = next;
    setFileListState(next);
  };

  // A value set from outside (form reset, edit screen) replaces the finished images; uploads in
  // progress stay.
  const valueKey = keyOf(value);
  const latestValue = useRef(value);
  latestValue.current = value;
  useEffect(() => {
    if (valueKey === emitted.current) return;
    emitted.current = valueKey;
    const pending = listRef.current.filter((f) => f.status === 'uploading');
    const next = [...(latestValue.current ?? []).map(toUploadFile), ...pending];
    listRef.current = next;
    setFileListState(next);
  }, [valueKey]);

  useEffect(() => {
    const controllers = aborts.current;
    return () => {
      for (const c of controllers.values()) c.abort();
      controllers.clear();
    };
  }, []);

  const commit = (next: ImageFile[]) => {
    // A finished upload keeps the stored file's URL; what is shown for it is decided at render time
    // (the list handed back by antd carries the display URLs).
    let list = next.map((f) =>
      f.status === 'done' && f.response ? { ...f, url: f.response.fileUrl, thumbUrl: localPreview(f) } : f,
    );
    if (list.length > size) {
      // Keep the last N; abort uploads that fell out.
      for (const f of list.slice(0, list.length - size)) aborts.current.get(f.uid)?.abort();
      list = list.slice(-size);
    }
    setFileList(list);
    const items = doneItems(list);
    const key = keyOf(items);
    if (key !== emitted.current) {
      emitted.current = key;
      onChange?.(items);
    }
  };

  const beforeUpload: UploadProps<FileMapItem>['beforeUpload'] = (file, batch) => {
    const problem = checkImage(file);
    if (problem) {
      messageApi.error(problem);
      return Upload.LIST_IGNORE;
    }
    const valid = batch.filter((f) => !checkImage(f));
    if (listRef.current.length + valid.length > size) {
      if (file === valid[0]) messageApi.error(exceedMessage(size));
      // Of this batch only the last `size` can survive; do not even send the others.
      if (!valid.slice(-size).includes(file)) return Upload.LIST_IGNORE;
    }
    return true;
  };

  const customRequest: UploadProps<FileMapItem>['customRequest'] = ({
    file,
    onProgress,
    onSuccess,
    onError,
  }) => {
    if (!(file instanceof File)) {
      onError?.(new Error('无法读取文件'));
      return;
    }
    const uid = (file as File & { uid?: string }).uid ?? file.name;
    const controller = new AbortController();
    aborts.current.set(uid, controller);
    uploadFn(file, {
      signal: controller.signal,
      onProgress: (percent) => onProgress?.({ percent }),
    })
      .then((item) => onSuccess?.(item))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        messageApi.error(`${file.name}上传失败：${errorMessage(error, '请稍后重试')}`);
        onError?.(error instanceof Error ? error : new Error(errorMessage(error)));
      })
      .finally(() => aborts.current.delete(uid));
    return { abort: () => controller.abort() };
  };

  const full = fileList.length >= size;
  // Stored files need the token: they are shown through object URLs once fetched, never as a bare
  // <img src> (that request carries no token and answers 401). Until then the card shows an icon.
  const shown = useFileUrls(fileList.flatMap((f) => (f.status === 'done' && f.url ? [f.url] : [])));
  const displayList = fileList.map((f): ImageFile => {
    if (f.status !== 'done' || !f.url || !needsToken(f.url)) return f;
    const src = shown[f.url];
    return { ...f, url: src, thumbUrl: src ?? localPreview(f) ?? '' };
  });

  return (
    <div className={className} style={style}>
      {messageHolder}
      <Upload<FileMapItem>
        id={id}
        listType="picture-card"
        accept={acceptOf(IMAGE_RULE)}
        multiple={size > 1}
        disabled={disabled}
        fileList={displayList}
        beforeUpload={beforeUpload}
        customRequest={customRequest}
        onChange={({ fileList: next }) => commit(next)}
        onPreview={(file) => {
          const stored = file.response?.fileUrl ?? file.url;
          const src = stored && needsToken(stored) ? shown[stored] : stored || file.thumbUrl;
          if (src) setPreview(src);
        }}
      >
        {full || disabled ? null : (
          <div>
            <PlusOutlined />
            <div style={{ marginTop: 8 }}>{buttonText}</div>
          </div>
        )}
      </Upload>
      {preview && (
        <Image
          alt="图片预览"
          src={preview}
          style={{ display: 'none' }}
          preview={{ visible: true, src: preview, onVisibleChange: (v) => !v && setPreview(null) }}
        />
      )}
    </div>
  );
}
