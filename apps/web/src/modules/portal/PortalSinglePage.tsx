import { Card } from 'antd';
import { useSearchParams } from 'react-router';
import { PORTAL_INDEX_PATH } from '../../platform/paths.ts';
import { usePublicSettings } from '../../platform/public-settings.ts';
import { NotOpen } from '../exception/NotOpen.tsx';
import './portal.css';

/** /portal/singlePage?aid= : a footer link's page. Its article body arrives with the article feature. */
export function PortalSinglePage() {
  const [params] = useSearchParams();
  const { settings } = usePublicSettings();
  const aid = Number(params.get('aid'));
  const link = settings.footerLinks.find((l) => l.aid === aid);
  const title = link?.title ?? '单页';
  return (
    <div className="aq-portal-page">
      <Card variant="borderless" title={title}>
        <NotOpen title={title} backTo={PORTAL_INDEX_PATH} />
      </Card>
    </div>
  );
}
