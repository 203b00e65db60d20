import { describe, expect, it } from 'vitest';
import {
  closeAll,
  closeLeft,
  closeRight,
  closeTab,
  openTab,
  type PageTab,
  restoreTabs,
  SAVED_TABS_MAX,
  TAB_MESSAGES,
} from './tabs.ts';

const t = (k: string): PageTab => ({ key: `/${k}`, title: k.toUpperCase() });
const keys = (tabs: PageTab[]) => tabs.map((x) => x.key);
const ABC = [t('a'), t('b'), t('c')];

describe('multi-tab rules (spec 2.6)', () => {
  it('opens one tab per route and updates a changed title', () => {
    let tabs = openTab([], t('a'));
    tabs = openTab(tabs, t('b'));
    tabs = openTab(tabs, t('a'));
    expect(keys(tabs)).toEqual(['/a', '/b']);
    tabs = openTab(tabs, { key: '/a', title: 'renamed' });
    expect(tabs[0]?.title).toBe('renamed');
  });

  it('the last tab cannot be closed', () => {
    expect(closeTab([t('a')], '/a', '/a')).toEqual({ tabs: [t('a')], message: TAB_MESSAGES.last });
    expect(TAB_MESSAGES.last).toBe('这是最后一个标签页，不能再关闭了');
  });

  it('closing the active tab moves to the last remaining one', () => {
    expect(closeTab(ABC, '/c', '/c')).toEqual({ tabs: [t('a'), t('b')], navigateTo: '/b' });
    expect(closeTab(ABC, '/a', '/c')).toEqual({ tabs: [t('b'), t('c')] });
  });

  it('close left: message when nothing is on the left', () => {
    expect(closeLeft(ABC, '/a', '/a')).toEqual({ tabs: ABC, message: '左侧没有标签页' });
    expect(closeLeft(ABC, '/c', '/c')).toEqual({ tabs: [t('c')] });
    expect(closeLeft(ABC, '/b', '/a')).toEqual({ tabs: [t('b'), t('c')], navigateTo: '/b' });
  });

  it('close right: message when nothing is on the right', () => {
    expect(closeRight(ABC, '/c', '/c')).toEqual({ tabs: ABC, message: '右侧没有标签页' });
    expect(closeRight(ABC, '/a', '/a')).toEqual({ tabs: [t('a')] });
    expect(closeRight(ABC, '/a', '/c')).toEqual({ tabs: [t('a')], navigateTo: '/a' });
  });

  it('close all keeps the tab it was opened on', () => {
    expect(closeAll(ABC, '/b', '/b')).toEqual({ tabs: [t('b')] });
    expect(closeAll(ABC, '/b', '/c')).toEqual({ tabs: [t('b')], navigateTo: '/b' });
    expect(closeAll([t('a')], '/a', '/a')).toEqual({ tabs: [t('a')], message: TAB_MESSAGES.last });
  });
});

describe('tabs kept for a reload', () => {
  const routes = new Map([
    ['/a', 'A now'],
    ['/b', 'B'],
  ]);
  it('reopens the saved tabs of this user whose pages are still allowed, titled as now', () => {
    const saved = { uid: 7, tabs: [t('a'), { key: '/b?id=3', title: 'B 3' }, t('gone'), t('a')] };
    expect(restoreTabs(saved, 7, routes)).toEqual([
      { key: '/a', title: 'A now' },
      { key: '/b?id=3', title: 'B' },
    ]);
  });
  it('ignores another user, malformed values and foreign URLs', () => {
    expect(restoreTabs({ uid: 8, tabs: [t('a')] }, 7, routes)).toEqual([]);
    expect(restoreTabs(null, 7, routes)).toEqual([]);
    expect(restoreTabs('x', 7, routes)).toEqual([]);
    expect(restoreTabs({ uid: 7, tabs: 'x' }, 7, routes)).toEqual([]);
    expect(
      restoreTabs({ uid: 7, tabs: [null, { key: 5 }, { key: '//evil.example/a' }, { key: 'a' }] }, 7, routes),
    ).toEqual([]);
  });
  it('keeps at most the newest SAVED_TABS_MAX', () => {
    const many = Array.from({ length: SAVED_TABS_MAX + 5 }, (_, i) => ({ key: `/b?i=${i}`, title: 'B' }));
    const out = restoreTabs({ uid: 1, tabs: many }, 1, routes);
    expect(out).toHaveLength(SAVED_TABS_MAX);
    expect(out[0]!.key).toBe('/b?i=5');
  });
});
