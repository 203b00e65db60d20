/**
 * Multi-tab bar rules (spec 2.6): one tab per visited route; close current / right / left / all with
 * the three messages. Pure, so the rules are unit-tested; the component applies the outcome.
 */
export interface PageTab {
  /** Full path (path + query), the tab's identity. */
  key: string;
  title: string;
}

export const TAB_MESSAGES = {
  last: '这是最后一个标签页，不能再关闭了',
  noLeft: '左侧没有标签页',
  noRight: '右侧没有标签页',
} as const;

export interface TabOutcome {
  tabs: PageTab[];
  /** Shown to the user when nothing could be closed. */
  message?: string;
  /** Where to navigate when the active tab was closed. */
  navigateTo?: string;
}

export function openTab(tabs: readonly PageTab[], tab: PageTab): PageTab[] {
  const i = tabs.findIndex((t) => t.key === tab.key);
  if (i < 0) return [...tabs, tab];
  if (tabs[i]!.title === tab.title) return tabs as PageTab[];
  const next = [...tabs];
  next[i] = tab;
  return next;
}

function settle(tabs: PageTab[], active: string): TabOutcome {
  if (tabs.some((t) => t.key === active)) return { tabs };
  return { tabs, navigateTo: tabs[tabs.length - 1]?.key };
}

export function closeTab(tabs: readonly PageTab[], key: string, active: string): TabOutcome {
  if (tabs.length <= 1) return { tabs: [...tabs], message: TAB_MESSAGES.last };
  return settle(
    tabs.filter((t) => t.key !== key),
    active,
  );
}

export function closeLeft(tabs: readonly PageTab[], key: string, active: string): TabOutcome {
  const i = tabs.findIndex((t) => t.key === key);
  if (i <= 0) return { tabs: [...tabs], message: TAB_MESSAGES.noLeft };
  const next = tabs.slice(i);
  return next.some((t) => t.key === active) ? { tabs: next } : { tabs: next, navigateTo: key };
}

export function closeRight(tabs: readonly PageTab[], key: string, active: string): TabOutcome {
  const i = tabs.findIndex((t) => t.key === key);
  if (i < 0 || i >= tabs.length - 1) return { tabs: [...tabs], message: TAB_MESSAGES.noRight };
  const next = tabs.slice(0, i + 1);
  return next.some((t) => t.key === active) ? { tabs: next } : { tabs: next, navigateTo: key };
}

/** 关闭全部 keeps the tab it was invoked on (a page must stay open). */
export function closeAll(tabs: readonly PageTab[], key: string, active: string): TabOutcome {
  const keep = tabs.filter((t) => t.key === key);
  if (keep.length === 0 || tabs.length <= 1) return { tabs: [...tabs], message: TAB_MESSAGES.last };
  return key === active ? { tabs: keep } : { tabs: keep, navigateTo: key };
}

/** At most this many tabs are kept for a reload (older ones are dropped first). */
export const SAVED_TABS_MAX = 30;

/** What is kept in sessionStorage: the tabs of one signed-in user. */
export interface SavedTabs {
  uid: number;
  tabs: PageTab[];
}

/**
 * The tabs to reopen after a reload (F5) or a URL opened in the same browser tab: those saved for
 * this user whose page the user may still open (`routes`: path -> current title), deduplicated and
 * titled as the route is titled now. Anything malformed is ignored.
 */
export function restoreTabs(saved: unknown, uid: number, routes: ReadonlyMap<string, string>): PageTab[] {
  if (typeof saved !== 'object' || saved === null) return [];
  const { uid: owner, tabs } = saved as Partial<SavedTabs>;
  if (owner !== uid || !Array.isArray(tabs)) return [];
  const out: PageTab[] = [];
  for (const t of tabs.slice(-SAVED_TABS_MAX)) {
    if (typeof t !== 'object' || t === null) continue;
    const { key, title } = t as Partial<PageTab>;
    if (typeof key !== 'string' || !key.startsWith('/') || key.startsWith('//')) continue;
    const path = key.split(/[?#]/, 1)[0]!;
    const current = routes.get(path);
    if (current === undefined || out.some((o) => o.key === key)) continue;
    out.push({ key, title: current || (typeof title === 'string' ? title : '') || '未命名页面' });
  }
  return out;
}
