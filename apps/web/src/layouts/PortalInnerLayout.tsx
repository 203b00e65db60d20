import './layouts.css';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Card } from 'antd';
import { Link, Outlet } from 'react-router';
import { PORTAL_INDEX_PATH } from '../platform/paths.ts';
import { usePublicSettings } from '../platform/public-settings.ts';
import { Logo } from './Logo.tsx';
import { SiteFooter } from './SiteFooter.tsx';

/** Portal login and the registration pages: brand header, one centred card. */
export function PortalInnerLayout() {
  const { settings } = usePublicSettings();
  return (
    <div className="aq-portal">
      <header className="aq-portal-header">
        <div className="aq-portal-header-inner">
          <Link to={PORTAL_INDEX_PATH} className="aq-portal-brand">
            <Logo size={34} />
            <span>{settings.platformName}</span>
          </Link>
          <span style={{ flex: 1 }} />
          <Link to={PORTAL_INDEX_PATH}>
            <ArrowLeftOutlined /> 返回门户首页
          </Link>
        </div>
      </header>
      <main className="aq-portal-inner-main">
        <Card className="aq-portal-inner-card" variant="borderless">
          <Outlet />
        </Card>
      </main>
      <div className="aq-portal-footer">
        <SiteFooter settings={settings} links={settings.footerLinks} dark />
      </div>
    </div>
  );
}
