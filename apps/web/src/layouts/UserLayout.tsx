import './layouts.css';
import { Outlet } from 'react-router';
import { usePublicSettings } from '../platform/public-settings.ts';
import { Logo } from './Logo.tsx';
import { SiteFooter } from './SiteFooter.tsx';

/** /user/*: login, QR login, account binding, manager registration, password recovery. */
export function UserLayout() {
  const { settings } = usePublicSettings();
  return (
    <div className="aq-user-layout">
      <main className="aq-user-main">
        <div className="aq-user-brand">
          <Logo size={40} />
          <h1>{settings.platformName}</h1>
        </div>
        <div className="aq-user-desc">安全生产责任保险 · 事故预防 · 监管服务</div>
        {/* A plain panel, not antd Card: Card pulls in Tabs and Menu, which the login page never uses. */}
        <section className="aq-user-card">
          <Outlet />
        </section>
      </main>
      <SiteFooter settings={settings} />
    </div>
  );
}
