import type { Attachment } from '@aqzrx/contracts';
import { Modal, Tag } from 'antd';
import { RichText } from '../../components/RichText.tsx';
import { AttachmentList, fmtTime } from './parts.tsx';

export interface PreviewData {
  title: string;
  kindName?: string;
  source?: string;
  author?: string;
  publishAt?: string | null;
  pinned?: boolean;
  coverUrl?: string;
  body: string;
  attachments: Attachment[];
}

/** The article as the portal will show it (same layout and the same sanitiser). */
export function ArticlePreview({
  data,
  open,
  onClose,
}: {
  data: PreviewData | null;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Modal title="预览" open={open} onCancel={onClose} footer={null} width={920} destroyOnHidden>
      {data && (
        <article className="aq-article aq-preview" data-testid="article-preview">
          <h1>
            {data.pinned && <Tag color="red">置顶</Tag>}
            {data.title || '（未填写标题）'}
          </h1>
          <div className="aq-article-meta">
            {data.kindName && <span>栏目：{data.kindName}</span>}
            {data.source && <span>来源：{data.source}</span>}
            {data.author && <span>作者：{data.author}</span>}
            <span>发布时间：{data.publishAt ? fmtTime(data.publishAt) : '发布时自动填写'}</span>
          </div>
          {data.coverUrl && (
            <p style={{ textAlign: 'center' }}>
              <img src={data.coverUrl} alt="封面" style={{ maxWidth: '100%', maxHeight: 280 }} />
            </p>
          )}
          <RichText html={data.body} />
          <AttachmentList files={data.attachments} />
        </article>
      )}
    </Modal>
  );
}
