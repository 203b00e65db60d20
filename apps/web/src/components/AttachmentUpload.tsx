import { UploadOutlined } from '@ant-design/icons';
import { App, Button, Upload, type UploadFile } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { errorMessage } from './fetch-request.ts';
import { MB } from './file-checks.ts';
import { fileSize } from './format.ts';
import { fileIdOf, fileUrlOf } from './ids.ts';
import { useRequestContext } from './request-context.ts';
import { createXhrUploader } from './upload.ts';

/** An uploaded attachment as records keep it (contracts `attachment`). */
export interface UploadedAttachment {
  fileId: string;
  fileName: string;
  fileSize: number;
  fileUrl: string;
}

const ATTACH_EXT = /\.(pdf|jpe?g|png|gif)$/i;

/** What the server stores as attachments: PDF up to 100 MB, images (jpg, png, gif) up to 20 MB. */
export function attachmentProblem(file: { name: string; size: number }): string | null {
  if (!ATTACH_EXT.test(file.name)) return `${file.name}：附件只支持 PDF 和图片（jpg、png、gif）`;
  const limit = /\.pdf$/i.test(file.name) ? 100 * MB : 20 * MB;
  if (file.size > limit) return `${file.name}：文件不能超过${limit / MB}MB`;
  return null;
}

export interface AttachmentUploadProps {
  value?: UploadedAttachment[];
  onChange?: (value: UploadedAttachment[]) => void;
  /** Most files (20 unless told). */
  max?: number;
  id?: string;
  /** The problem of a picked file, or null: attachmentProblem unless told. */
  check?: (file: File) => string | null;
  /** The button's text. */
  label?: string;
}

/**
 * The attachment control of every form (articles, rules, policies, endorsements): PDF or images, several at
 * once, uploaded through /api/file/uploadFile with their progress shown; the value is the uploaded files.
 */
export function AttachmentUpload({
  value = [],
  onChange,
  max = 20,
  id,
  check = attachmentProblem,
  label = '上传附件',
}: AttachmentUploadProps) {
  const { message } = App.useApp();
  const ctx = useRequestContext();
  const upload = useMemo(() => ctx.upload ?? createXhrUploader({ getToken: ctx.getToken }), [ctx]);
  // Files on their way up: shown with their progress until they join the value.
  const [sending, setSending] = useState<UploadFile[]>([]);
  // The value as last rendered: uploads that finish one after another each add to what is there then.
  const latest = useRef(value);
  latest.current = value;
  const fileList: UploadFile[] = [
    ...value.map(
      (f): UploadFile => ({
        uid: f.fileId,
        name: f.fileSize ? `${f.fileName}（${fileSize(f.fileSize)}）` : f.fileName,
        status: 'done',
        url: f.fileUrl,
      }),
    ),
    ...sending,
  ];
  const done = (uid: string) => setSending((s) => s.filter((f) => f.uid !== uid));
  return (
    <Upload
      id={id}
      multiple
      accept=".pdf,.jpg,.jpeg,.png,.gif"
      fileList={fileList}
      showUploadList={{ showPreviewIcon: false, showDownloadIcon: false }}
      onRemove={(f) => {
        onChange?.(value.filter((v) => v.fileId !== f.uid));
        return true;
      }}
      beforeUpload={(file) => {
        const problem = check(file);
        if (problem) {
          message.error(problem);
          return Upload.LIST_IGNORE;
        }
        if (value.length + sending.length >= max) {
          message.error(`附件最多${max}个`);
          return Upload.LIST_IGNORE;
        }
        return true;
      }}
      customRequest={({ file, onSuccess, onError }) => {
        const f = file as File & { uid: string };
        setSending((s) => [...s, { uid: f.uid, name: f.name, status: 'uploading', percent: 0 }]);
        upload(f, {
          onProgress: (percent) => setSending((s) => s.map((x) => (x.uid === f.uid ? { ...x, percent } : x))),
        })
          .then((item) => {
            const fileId = fileIdOf(item.fileUrl);
            if (!fileId) throw new Error('服务器没有返回文件编号');
            done(f.uid);
            latest.current = [
              ...latest.current,
              { fileId, fileName: item.fileName || f.name, fileSize: item.fileSize, fileUrl: item.fileUrl },
            ];
            onChange?.(latest.current);
            onSuccess?.(item);
          })
          .catch((e: unknown) => {
            done(f.uid);
            message.error(`${f.name}上传失败：${errorMessage(e, '请稍后重试')}`);
            onError?.(e instanceof Error ? e : new Error(String(e)));
          });
      }}
    >
      <Button icon={<UploadOutlined />} disabled={value.length >= max}>
        {label}
      </Button>
    </Upload>
  );
}

/** A stored attachment a record lists by id (contracts AttachmentFile). */
interface KnownFile {
  id: string;
  name: string;
  size: number;
}

export interface AttachmentIdsUploadProps extends Omit<AttachmentUploadProps, 'value' | 'onChange'> {
  /** The file ids. */
  value?: string[];
  onChange?: (ids: string[]) => void;
  /** Names and sizes of the ids the record already has. */
  initialFiles?: readonly KnownFile[];
}

/** AttachmentUpload for records that keep their attachments as file ids (policies, endorsements). */
export function AttachmentIdsUpload({
  value,
  onChange,
  initialFiles = [],
  ...rest
}: AttachmentIdsUploadProps) {
  const [files, setFiles] = useState<UploadedAttachment[]>(() =>
    (value ?? []).map((id) => {
      const f = initialFiles.find((x) => x.id === id);
      return {
        fileId: id,
        fileName: f?.name ?? `附件 ${id.slice(0, 8)}`,
        fileSize: f?.size ?? 0,
        fileUrl: fileUrlOf(id),
      };
    }),
  );
  return (
    <AttachmentUpload
      {...rest}
      value={files}
      onChange={(next) => {
        setFiles(next);
        onChange?.(next.map((f) => f.fileId));
      }}
    />
  );
}
