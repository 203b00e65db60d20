import { Dropdown, type MenuProps, Tabs } from 'antd';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { feedback } from '../platform/feedback.ts';
import { useRouteTitle } from '../platform/route-handle.ts';
import { createStore, useStore } from '../platform/store.ts';
import { closeAll, closeLeft, closeRight, closeTab, openTab, type PageTab, type TabOutcome } from './tabs.ts';

/** Tabs survive turning the bar off and on within a page session. */
const tabsStore = createStore<PageTab[]>([]);

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
  const tabs = useStore(tabsStore);
  const active = `${location.pathname}${location.search}`;

  useEffect(() => {
    tabsStore.set((prev) => openTab(prev, { key: active, title }));
  }, [active, title]);

  const apply = (outcome: TabOutcome) => {
    if (outcome.message) {
      feedback.message.info(outcome.message);
      return;
    }
    tabsStore.set(outcome.tabs);
    if (outcome.navigateTo) navigate(outcome.navigateTo);
  };

  const run = (kind: CloseKind, key: string) => {
    const current = tabsStore.get();
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
