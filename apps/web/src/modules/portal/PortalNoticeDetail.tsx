import { PaperClipOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Breadcrumb, Card, Empty, Skeleton, Tag } from 'antd';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { pageTitle } from '../../app/guard.ts';
import { chinaTime, fileSize } from '../../components/index.ts';
import { RichText } from '../../components/RichText.tsx';
import { useAuth } from '../../platform/auth.ts';
import { safeHref } from '../../platform/contracts.ts';
import { PORTAL_INDEX_PATH, PORTAL_NOTICE_PATH } from '../../platform/paths.ts';
import { usePublicSettings } from '../../platform/public-settings.ts';
import { isApiError } from '../../platform/request.ts';
import { idParam, idProblem, markNoticeRead, usePortalArticle } from './portal-api.ts';
import './portal.css';

/** /portal/notice/detail?id= (portalNoticeDetail): a notice or policy article from the portal lists. */
export function PortalNoticeDetail() {
  const [params] = useSearchParams();
  const { settings } = usePublicSettings();
  const id = idParam(params.get('id'));
  const { data, isLoading, error } = usePortalArticle(
    id,
    params.get('from') === 'banner' ? 'article' : 'notice',
  );
  useEffect(() => {
    if (data) document.title = pageTitle(data.title, settings.platformName);
  }, [data, settings.platformName]);
  // Read receipt: a signed-in reader who opens an unread notice is recorded as having read it.
  const signedIn = useAuth().token !== null;
  const qc = useQueryClient();
  const unreadNotice = data !== undefined && data.read === false && signedIn;
  useEffect(() => {
    if (!unreadNotice || id === null) return;
    markNoticeRead(id)
      .then(() => qc.invalidateQueries({ queryKey: ['public', 'noticeList'] }))
      .catch(() => undefined);
  }, [unreadNotice, id, qc]);
  const tab = data?.kind === 'policy' ? 2 : 1;
  return (
    <div className="aq-portal-page">
      <Breadcrumb
        style={{ marginBottom: 12 }}
        items={[
          { title: <Link to={PORTAL_INDEX_PATH}>首页</Link> },
          {
            title: <Link to={`${PORTAL_NOTICE_PATH}?currentTab=${tab}`}>{data?.kindName || '通知公告'}</Link>,
          },
          { title: '详情' },
        ]}
      />
      <Card variant="borderless">
        {id === null ? (
          <Empty description={idProblem(params.get('id'), '公告')} />
        ) : isLoading ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : error ? (
          <Empty description={isApiError(error) ? error.message : '公告加载失败，请稍后重试'} />
        ) : data ? (
          <article className="aq-article">
            <h1>
              {data.pinned && <Tag color="red">置顶</Tag>}
              {data.title}
            </h1>
            <div className="aq-article-meta">
              {data.source && <span>来源：{data.source}</span>}
              {data.publishAt && <span>发布时间：{chinaTime(data.publishAt)}</span>}
              <span>浏览：{data.viewCount}</span>
            </div>
            {safeHref(data.linkUrl)?.external && (
              <p>
                原文链接：
                <a href={data.linkUrl} target="_blank" rel="noopener noreferrer">
                  {data.linkUrl}
                </a>
              </p>
            )}
            <RichText html={data.body} />
            {data.attachments.length > 0 && (
              <section className="aq-article-files" aria-label="附件">
                <h3>附件</h3>
                <ul>
                  {data.attachments.map((f) => (
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
            )}
          </article>
        ) : null}
      </Card>
    </div>
  );
}
