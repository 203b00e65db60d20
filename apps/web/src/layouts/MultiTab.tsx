import { Dropdown, type MenuProps, Tabs } from 'antd';
import { useEffect, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAuth } from '../platform/auth.ts';
import { feedback } from '../platform/feedback.ts';
import { flattenRoutes, toResourceRoutes } from '../platform/resources.ts';
import { useRouteTitle } from '../platform/route-handle.ts';
import { createStore, useStore } from '../platform/store.ts';
import { loadSavedTabs, saveTabs } from './tab-session.ts';
import {
  closeAll,
  closeLeft,
  closeRight,
  closeTab,
  openTab,
  type PageTab,
  restoreTabs,
  type TabOutcome,
} from './tabs.ts';

/**
 * The open tabs of the signed-in user. They survive turning the bar off and on, and (through
 * sessionStorage) a reload or a URL opened in the same browser tab; another user starts afresh.
 */
const tabsStore = createStore<{ uid: number | null; tabs: PageTab[] }>({ uid: null, tabs: [] });

type CloseKind = 'closeThat' | 'closeRight' | 'closeLeft' | 'closeAll';
const MENU_ITEMS: MenuProps['items'] = [
  { key: 'closeThat', label: '关闭当前' },
  { key: 'closeRight', label: '关闭右侧' },
  { key: 'closeLeft', label: '关闭左侧' },
  { key: 'closeAll', label: '关闭全部' },
];

export function MultiTab() {
  const location = useLocation();
  const navigate = useNavigate();
  const title = useRouteTitle() ?? '未命名页面';
  const { user, resources } = useAuth();
  const uid = user?.uid ?? null;
  const state = useStore(tabsStore);
  const { tabs } = state;
  const active = `${location.pathname}${location.search}`;
  // The pages the user may open now (path -> title): only those are reopened after a reload.
  const routes = useMemo(
    () =>
      new Map(
        flattenRoutes(toResourceRoutes(resources))
          .filter((r) => r.component !== '' && r.isMenu)
          .map((r) => [r.path, r.title]),
      ),
    [resources],
  );

  useEffect(() => {
    tabsStore.set((prev) => {
      const base =
        prev.uid === uid ? prev.tabs : uid === null ? [] : restoreTabs(loadSavedTabs(), uid, routes);
      return { uid, tabs: openTab(base, { key: active, title }) };
    });
  }, [active, title, uid, routes]);

  // Saved once the tabs are this user's (restored or opened), never the empty start.
  useEffect(() => {
    if (state.uid !== null) saveTabs(state.uid, state.tabs);
  }, [state]);

  const apply = (outcome: TabOutcome) => {
    if (outcome.message) {
      feedback.message.info(outcome.message);
      return;
    }
    tabsStore.set((prev) => ({ ...prev, tabs: outcome.tabs }));
    if (outcome.navigateTo) navigate(outcome.navigateTo);
  };

  const run = (kind: CloseKind, key: string) => {
    const current = tabsStore.get().tabs;
    if (kind === 'closeThat') apply(closeTab(current, key, active));
    else if (kind === 'closeRight') apply(closeRight(current, key, active));
    else if (kind === 'closeLeft') apply(closeLeft(current, key, active));
    else apply(closeAll(current, key, active));
  };

  return (
    <div className="aq-multitab" data-testid="multi-tab">
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        activeKey={active}
        onChange={(key) => navigate(key)}
        onEdit={(key, action) => {
          if (action === 'remove' && typeof key === 'string') run('closeThat', key);
        }}
        items={tabs.map((t) => ({
          key: t.key,
          closable: true,
          label: (
            <Dropdown
              trigger={['contextMenu']}
              menu={{
                items: MENU_ITEMS,
                onClick: ({ key, domEvent }) => {
                  domEvent.stopPropagation();
                  run(key as CloseKind, t.key);
                },
              }}
            >
              <span data-tab-key={t.key}>{t.title}</span>
            </Dropdown>
          ),
        }))}
      />
    </div>
  );
}
