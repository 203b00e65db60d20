import './layouts.css';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoading } from '../modules/exception/index.ts';
import { roleKeyOf, useAuth } from '../platform/auth.ts';
import { RoleKey } from '../platform/contracts.ts';
import { usePublicSettings } from '../platform/public-settings.ts';
import { complaintPath, toResourceRoutes } from '../platform/resources.ts';
import { PortalHeader } from './PortalHeader.tsx';
import { SiteFooter } from './SiteFooter.tsx';

/** The public portal: header tabs, page, footer with the single-page links. */
export function PortalLayout() {
  const { settings } = usePublicSettings();
  const auth = useAuth();
  const roleKey = roleKeyOf(auth);
  const complaintTo =
    auth.token && roleKey !== RoleKey.GOVERNMENT ? complaintPath(toResourceRoutes(auth.resources)) : null;
  return (
    <div className="aq-portal">
      <PortalHeader platformName={settings.platformName} />
      <main className="aq-portal-main">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <div className="aq-portal-footer">
        <SiteFooter settings={settings} links={settings.footerLinks} complaintTo={complaintTo} dark />
      </div>
    </div>
  );
}
