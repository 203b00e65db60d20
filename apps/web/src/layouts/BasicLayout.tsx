import './layouts.css';
import { HomeOutlined, MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { type MenuDataItem, ProLayout } from '@ant-design/pro-components';
import { Button, Tooltip } from 'antd';
import { type CSSProperties, Suspense, useEffect, useMemo, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { pageTitle } from '../app/guard.ts';
import { EntInfoIncomplete, PageLoading } from '../modules/exception/index.ts';
import { roleKeyOf, useAuth } from '../platform/auth.ts';
import { RoleKey, UserStatus } from '../platform/contracts.ts';
import { defaultCollapsed, useDevice } from '../platform/device.ts';
import {
  loadSidebarCollapsed,
  saveSidebarCollapsed,
  useLayoutSettings,
} from '../platform/layout-settings.ts';
import { ENT_INFO_EDIT_PATH, PORTAL_INDEX_PATH } from '../platform/paths.ts';
import { usePublicSettings } from '../platform/public-settings.ts';
import {
  complaintPath,
  homePath,
  isInMenu,
  menuTree,
  type ResourceRoute,
  toResourceRoutes,
} from '../platform/resources.ts';
import { useRouteTitle } from '../platform/route-handle.ts';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { HelpButton } from './HelpButton.tsx';
import { menuIcon } from './icons.tsx';
import { Logo } from './Logo.tsx';
import { MessageBell } from './MessageBell.tsx';
import { MultiTab } from './MultiTab.tsx';
import { PrintFooter } from './PrintFooter.tsx';
import { SettingDrawer } from './SettingDrawer.tsx';
import { SiteFooter } from './SiteFooter.tsx';
import { layoutToken } from './theme.ts';
import { UserMenu } from './UserMenu.tsx';
import { useAutoHideHeader } from './useAutoHideHeader.ts';

/** Spec 9: sidebar 240 px expanded, 80 px collapsed (the collapsed width is enforced in layouts.css). */
export const SIDER_WIDTH = 240;
export const SIDER_COLLAPSED_WIDTH = 80;

function toMenuData(nodes: readonly ResourceRoute[]): MenuDataItem[] {
  return nodes.map((n) => ({
    key: n.path,
    path: n.path,
    name: n.title,
    icon: menuIcon(n.icon),
    hideInMenu: !isInMenu(n),
    children: n.children.length > 0 ? toMenuData(n.children) : undefined,
  }));
}

/**
 * Whether a page is blocked by spec 2.7: an enterprise user whose information is incomplete (status 3)
 * sees only the prompt, except on the page where the information is completed.
 */
export function isEntInfoGated(
  roleKey: string | null,
  status: number | undefined,
  pathname: string,
): boolean {
  return (
    roleKey === RoleKey.ENT && status === UserStatus.ENT_INFO_INCOMPLETE && pathname !== ENT_INFO_EDIT_PATH
  );
}

function layoutClassName(flags: { headerHidden: boolean; headerStatic: boolean }): string {
  return [
    'aq-basic-layout',
    flags.headerHidden && 'aq-header-hidden',
    flags.headerStatic && 'aq-header-static',
  ]
    .filter(Boolean)
    .join(' ');
}

/** The back office (spec 2.6): ProLayout with the server menu, tabs, breadcrumbs and settings. */
export function BasicLayout() {
  const auth = useAuth();
  const s = useLayoutSettings();
  const { settings } = usePublicSettings();
  const location = useLocation();
  const navigate = useNavigate();
  const device = useDevice();
  const routeTitle = useRouteTitle();
  const roleKey = roleKeyOf(auth);

  const tree = useMemo(() => toResourceRoutes(auth.resources), [auth.resources]);
  const menu = useMemo(() => toMenuData(menuTree(tree, roleKey)), [tree, roleKey]);
  const home = useMemo(() => homePath(tree), [tree]);
  const complaintTo = roleKey === RoleKey.GOVERNMENT ? null : (complaintPath(tree) ?? '/404');

  const [collapsed, setCollapsed] = useState(() => defaultCollapsed(device, loadSidebarCollapsed()));
  useEffect(() => {
    setCollapsed(defaultCollapsed(device, loadSidebarCollapsed()));
  }, [device]);
  const toggle = (next: boolean) => {
    setCollapsed(next);
    if (device === 'desktop') saveSidebarCollapsed(next);
  };

  const topmenu = s.layout === 'topmenu';
  const darkHeader = topmenu && s.navTheme === 'dark';
  const headerHidden = useAutoHideHeader(s.fixedHeader && s.autoHideHeader);
  const gated = isEntInfoGated(roleKey, auth.user?.status, location.pathname);
  const title = pageTitle(routeTitle, settings.platformName);

  return (
    <>
      <ProLayout
        className={layoutClassName({ headerHidden, headerStatic: !topmenu && !s.fixedHeader })}
        title={settings.platformName}
        logo={<Logo size={28} />}
        layout={topmenu ? 'top' : 'mix'}
        contentWidth={topmenu ? s.contentWidth : 'Fluid'}
        fixedHeader={s.fixedHeader}
        fixSiderbar={!topmenu && s.fixSiderbar}
        siderWidth={SIDER_WIDTH}
        style={
          {
            minHeight: '100vh',
            '--aq-sider-w': `${device === 'mobile' ? 0 : collapsed ? SIDER_COLLAPSED_WIDTH : SIDER_WIDTH}px`,
          } as CSSProperties
        }
        collapsed={collapsed}
        // ProLayout reports its own breakpoint on mount (collapsed = false at desktop width), which would
        // undo the saved state: desktop and tablet follow the device and the header button only; on
        // phones it opens and closes the menu drawer.
        onCollapse={(next) => {
          if (device === 'mobile') setCollapsed(next);
        }}
        collapsedButtonRender={false}
        disableMobile={device !== 'mobile'}
        token={layoutToken(s)}
        route={{ path: '/', children: menu }}
        location={{ pathname: location.pathname }}
        menu={{ locale: false }}
        pageTitleRender={() => title}
        onMenuHeaderClick={() => navigate(home ?? '/')}
        menuItemRender={(item, dom) => (item.path ? <Link to={item.path}>{dom}</Link> : dom)}
        // In topmenu the header content is the menu itself; only the side layouts get the collapse button.
        headerContentRender={
          topmenu || device === 'mobile'
            ? undefined
            : () => (
                <Button
                  type="text"
                  aria-label={collapsed ? '展开菜单' : '收起菜单'}
                  icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
                  onClick={() => toggle(!collapsed)}
                />
              )
        }
        actionsRender={() => [
          <div className={`aq-header-actions${darkHeader ? ' aq-header-actions-dark' : ''}`} key="actions">
            <Tooltip title="门户首页">
              <Button
                type="text"
                aria-label="门户首页"
                icon={<HomeOutlined />}
                onClick={() => navigate(PORTAL_INDEX_PATH)}
              />
            </Tooltip>
            {/* An enterprise with incomplete information may call nothing but its information page. */}
            {auth.user?.status !== UserStatus.ENT_INFO_INCOMPLETE && <MessageBell tree={tree} />}
            <HelpButton />
            <UserMenu dark={darkHeader} />
          </div>,
        ]}
        footerRender={() => <SiteFooter settings={settings} complaintTo={complaintTo} />}
      >
        <div
          className={`aq-basic-content${topmenu && s.contentWidth === 'Fixed' ? ' aq-basic-content-fixed' : ''}`}
        >
          {s.multiTab && <MultiTab />}
          <Breadcrumbs tree={tree} />
          {gated ? (
            <EntInfoIncomplete />
          ) : (
            <Suspense fallback={<PageLoading />}>
              <Outlet />
            </Suspense>
          )}
        </div>
      </ProLayout>
      <PrintFooter />
      <SettingDrawer />
    </>
  );
}
