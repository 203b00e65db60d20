import { STORAGE_PREFIX } from '../platform/storage.ts';
import { type PageTab, SAVED_TABS_MAX, type SavedTabs } from './tabs.ts';

/**
 * The open tabs of the multi-tab bar, kept in sessionStorage: they survive F5 and URLs opened in the
 * same browser tab, and end with it (a new browser tab starts with its own).
 */
const KEY = `${STORAGE_PREFIX}multiTabs`;

function session(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function loadSavedTabs(): unknown {
  const raw = session()?.getItem(KEY);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

export function saveTabs(uid: number, tabs: readonly PageTab[]): void {
  const value: SavedTabs = { uid, tabs: tabs.slice(-SAVED_TABS_MAX) };
  try {
    session()?.setItem(KEY, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the tabs live only as long as the page.
  }
}
