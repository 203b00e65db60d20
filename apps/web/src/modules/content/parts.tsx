import { PaperClipOutlined } from '@ant-design/icons';
import type { Attachment } from '@aqzrx/contracts';
import { Tag } from 'antd';
import { chinaTime, fileSize } from '../../components/index.ts';
import { ARTICLE_STATUS, type ChinaTimeFormat, type Option } from '../../platform/contracts.ts';
import { districtName } from '../../platform/districts.ts';

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
  return codes.map(districtName).join('、');
}

export function StatusTag({ status }: { status: number }) {
  const o = ARTICLE_STATUS.find((s) => s.value === status);
  return <Tag color={o?.color}>{o?.label ?? status}</Tag>;
}

export const fmtTime = (v: string | null | undefined, f: ChinaTimeFormat = 'minute') => chinaTime(v, f, '—');

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
