import { PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import type { Attachment } from '@aqzrx/contracts';
import { Button, message, Tag, Upload, type UploadFile } from 'antd';
import { useMemo } from 'react';
import {
  chinaTime,
  createXhrUploader,
  errorMessage,
  fileIdOf,
  MB,
  useRequestContext,
} from '../../components/index.ts';
import { ARTICLE_STATUS, type ChinaTimeFormat, DISTRICTS, type Option } from '../../platform/contracts.ts';

/** Audience roles a notice or message can target (an empty choice means everyone). */
export const TARGET_ROLES: Option<string>[] = [
  { value: 'ROLE_ENT', label: '投保企业' },
  { value: 'ROLE_INSURANCE', label: '保险机构' },
  { value: 'ROLE_SERVICE', label: '服务机构' },
  { value: 'ROLE_EXPERT', label: '专家' },
  { value: 'ROLE_GOVERNMENT', label: '监管部门' },
  { value: 'ROLE_ADMIN', label: '运营中心' },
];

export function roleLabels(keys: string[]): string {
  if (keys.length === 0) return '所有角色';
  return keys.map((k) => TARGET_ROLES.find((r) => r.value === k)?.label ?? k).join('、');
}
export function districtLabels(codes: string[]): string {
  if (codes.length === 0) return '全市';
  return codes.map((c) => DISTRICTS.find((d) => d.value === c)?.label ?? c).join('、');
}

export function StatusTag({ status }: { status: number }) {
  const o = ARTICLE_STATUS.find((s) => s.value === status);
  return <Tag color={o?.color}>{o?.label ?? status}</Tag>;
}

export const fmtTime = (v: string | null | undefined, f: ChinaTimeFormat = 'minute') => chinaTime(v, f, '—');

export function fileSize(bytes: number): string {
  if (bytes >= MB) return `${(bytes / MB).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

const ATTACH_EXT = /\.(pdf|jpe?g|png|gif)$/i;
/** What the server stores as attachments: PDF up to 100 MB, images up to 20 MB. */
export function attachmentProblem(file: { name: string; size: number }): string | null {
  if (!ATTACH_EXT.test(file.name)) return `${file.name}：附件只支持 PDF 和图片（jpg、png、gif）`;
  const limit = /\.pdf$/i.test(file.name) ? 100 * MB : 20 * MB;
  if (file.size > limit) return `${file.name}：文件不能超过${limit / MB}MB`;
  return null;
}

export interface AttachmentUploadProps {
  value?: Attachment[];
  onChange?: (v: Attachment[]) => void;
  max?: number;
  id?: string;
}

/** Attachments of an article or rule: PDF or images, uploaded through /api/file/uploadFile. */
export function AttachmentUpload({ value = [], onChange, max = 20, id }: AttachmentUploadProps) {
  const ctx = useRequestContext();
  const upload = useMemo(() => ctx.upload ?? createXhrUploader({ getToken: ctx.getToken }), [ctx]);
  const [api, holder] = message.useMessage();
  const fileList: UploadFile[] = value.map((f) => ({
    uid: f.fileId,
    name: `${f.fileName}（${fileSize(f.fileSize)}）`,
    status: 'done',
    url: f.fileUrl,
  }));
  return (
    <>
      {holder}
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
          const p = attachmentProblem(file);
          if (p) {
            api.error(p);
            return Upload.LIST_IGNORE;
          }
          if (value.length >= max) {
            api.error(`附件最多${max}个`);
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        customRequest={({ file, onSuccess, onError }) => {
          const f = file as File;
          upload(f)
            .then((item) => {
              const fileId = fileIdOf(item.fileUrl);
              if (!fileId) throw new Error('服务器没有返回文件编号');
              onChange?.([
                ...value,
                { fileId, fileName: item.fileName || f.name, fileSize: item.fileSize, fileUrl: item.fileUrl },
              ]);
              onSuccess?.(item);
            })
            .catch((e: unknown) => {
              api.error(`${f.name}上传失败：${errorMessage(e, '请稍后重试')}`);
              onError?.(e instanceof Error ? e : new Error(String(e)));
            });
        }}
      >
        <Button icon={<UploadOutlined />} disabled={value.length >= max}>
          上传附件
        </Button>
      </Upload>
    </>
  );
}

export function AttachmentList({ files }: { files: Attachment[] }) {
  if (files.length === 0) return null;
  return (
    <section className="aq-article-files" aria-label="附件">
      <h3>附件</h3>
      <ul>
        {files.map((f) => (
          <li key={f.fileId}>
            <PaperClipOutlined />{' '}
            <a href={f.fileUrl} target="_blank" rel="noopener noreferrer">
              {f.fileName}
            </a>{' '}
            <span>（{fileSize(f.fileSize)}）</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
