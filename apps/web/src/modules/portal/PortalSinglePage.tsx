import { Card, Empty, Skeleton } from 'antd';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { pageTitle } from '../../app/guard.ts';
import { RichText } from '../../components/RichText.tsx';
import { usePublicSettings } from '../../platform/public-settings.ts';
import { isApiError } from '../../platform/request.ts';
import { idParam, idProblem, usePortalPage } from './portal-api.ts';
import './portal.css';

/** /portal/singlePage?aid= : the page a footer link (aid, title) opens. */
export function PortalSinglePage() {
  const [params] = useSearchParams();
  const { settings } = usePublicSettings();
  const aid = idParam(params.get('aid'));
  const { data, isLoading, error } = usePortalPage(aid);
  const title = data?.title ?? settings.footerLinks.find((l) => l.aid === aid)?.title ?? '单页';
  useEffect(() => {
    if (data) document.title = pageTitle(data.title, settings.platformName);
  }, [data, settings.platformName]);
  return (
    <div className="aq-portal-page">
      <Card variant="borderless" title={title}>
        {aid === null ? (
          <Empty description={idProblem(params.get('aid'), '页面')} />
        ) : isLoading ? (
          <Skeleton active paragraph={{ rows: 6 }} />
        ) : error ? (
          <Empty description={isApiError(error) ? error.message : '页面加载失败，请稍后重试'} />
        ) : data ? (
          <RichText html={data.body} />
        ) : null}
      </Card>
    </div>
  );
}
