import { PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Space, Tag, Typography, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import {
  checkFile,
  createXhrUploader,
  type FileRule,
  fileIdOf,
  fileUrlOf,
  MB,
} from '../../components/index.ts';
import { POLICY_STATES } from '../../platform/contracts.ts';
import { downloadFile } from '../../platform/download.ts';
import { getToken } from '../../platform/storage.ts';
import type { AttachmentFile } from './api.ts';

export function PolicyStateTag({ state }: { state: string }) {
  const o = POLICY_STATES.find((s) => s.value === state);
  return <Tag color={o?.color}>{o?.label ?? state}</Tag>;
}

const ATTACH_MAX_MB = 20;

/** Policy scans, rosters and certificates: PDF or an image. */
const ATTACH_RULE: FileRule = {
  extensions: ['pdf', 'jpg', 'jpeg', 'png', 'gif'],
  mimeTypes: [
    'application/pdf',
    'application/x-pdf',
    'image/jpeg',
    'image/jpg',
    'image/pjpeg',
    'image/png',
    'image/gif',
  ],
  maxBytes: ATTACH_MAX_MB * MB,
  typeMessage: '请上传 PDF 或 jpg、png、gif 图片',
  sizeMessage: `附件须小于${ATTACH_MAX_MB}M`,
};

/**
 * Attachment list as a form control: value is the list of file ids. Uploads PDFs or images (policy
 * scans, rosters, certificates) through /api/file/uploadFile; at most 10.
 */
export function AttachmentUpload({
  value,
  onChange,
  initialFiles = [],
}: {
  value?: string[];
  onChange?: (ids: string[]) => void;
  initialFiles?: AttachmentFile[];
}) {
  const { message } = App.useApp();
  const [files, setFiles] = useState<UploadFile[]>(() =>
    (value ?? []).map((id) => {
      const f = initialFiles.find((x) => x.id === id);
      return { uid: id, name: f?.name ?? `附件 ${id.slice(0, 8)}`, status: 'done', url: fileUrlOf(id) };
    }),
  );
  const [upload] = useState(() => createXhrUploader({ getToken }));
  const emit = (list: UploadFile[]) => {
    setFiles(list);
    onChange?.(list.filter((f) => f.status === 'done').flatMap((f) => fileIdOf(f.url) ?? []));
  };
  return (
    <Upload
      accept=".pdf,.jpg,.jpeg,.png,.gif"
      fileList={files}
      maxCount={10}
      beforeUpload={(file) => {
        const problem = checkFile(file, ATTACH_RULE);
        if (problem) {
          message.error(problem);
          return Upload.LIST_IGNORE;
        }
        if (files.length >= 10) {
          message.error('附件最多10个');
          return Upload.LIST_IGNORE;
        }
        return true;
      }}
      customRequest={({ file, onSuccess, onError, onProgress }) => {
        upload(file as File, { onProgress: (percent) => onProgress?.({ percent }) })
          .then((res) => onSuccess?.(res))
          .catch((e: Error) => {
            message.error(e.message || '上传失败');
            onError?.(e);
          });
      }}
      onChange={({ fileList }) =>
        emit(
          fileList
            .filter((f) => f.status !== 'error')
            .map((f) => {
              const res = f.response as { fileUrl?: string } | undefined;
              return res?.fileUrl ? { ...f, url: res.fileUrl } : f;
            }),
        )
      }
    >
      <Button icon={<UploadOutlined />}>上传附件（PDF/图片）</Button>
    </Upload>
  );
}

/** Attachments of a record, each downloadable through the record's own file call. */
export function AttachmentList({
  ids,
  files,
  url,
  recordId,
}: {
  ids: string[];
  files?: AttachmentFile[] | undefined;
  /** e.g. '/policy/file' or '/endorsement/file' */
  url: string;
  recordId: number;
}) {
  const { message } = App.useApp();
  if (!ids.length) return <Typography.Text type="secondary">无</Typography.Text>;
  return (
    <Space direction="vertical" size={2}>
      {ids.map((id, i) => {
        const f = files?.find((x) => x.id === id.toLowerCase());
        const name = f?.name ?? `附件${i + 1}`;
        return (
          <Typography.Link
            key={id}
            onClick={() =>
              downloadFile(url, { params: { id: recordId, fileId: id }, fallbackName: name }).catch(() =>
                message.error('下载失败，请稍后重试'),
              )
            }
          >
            <PaperClipOutlined /> {name}
            {f ? (
              <Typography.Text type="secondary">
                （{Math.max(1, Math.round(f.size / 1024))} KB）
              </Typography.Text>
            ) : null}
          </Typography.Link>
        );
      })}
    </Space>
  );
}
