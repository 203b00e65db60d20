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
