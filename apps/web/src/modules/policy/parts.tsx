import { PaperClipOutlined } from '@ant-design/icons';
import { App, Space, Tag, Typography } from 'antd';
import { checkFile, type FileRule, MB } from '../../components/index.ts';
import { POLICY_STATES } from '../../platform/contracts.ts';
import { downloadFile } from '../../platform/download.ts';
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

/** The problem of a policy or endorsement attachment (ATTACH_RULE), or null. */
export const policyAttachmentProblem = (file: File) => checkFile(file, ATTACH_RULE);

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
