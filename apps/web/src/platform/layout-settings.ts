import { storage } from './storage.ts';
import { createStore, useStore } from './store.ts';

/** The back-office look the settings drawer edits (spec 2.6), persisted locally (spec 4). */
export interface LayoutSettings {
  navTheme: 'dark' | 'light';
  primaryColor: string;
  layout: 'sidemenu' | 'topmenu';
  contentWidth: 'Fixed' | 'Fluid';
  fixedHeader: boolean;
  autoHideHeader: boolean;
  fixSiderbar: boolean;
  colorWeak: boolean;
  multiTab: boolean;
}

/** Spec 9 defaults. */
export const DEFAULT_LAYOUT_SETTINGS: Readonly<LayoutSettings> = {
  navTheme: 'dark',
  primaryColor: '#52c41a',
  layout: 'sidemenu',
  contentWidth: 'Fixed',
  fixedHeader: false,
  autoHideHeader: false,
  fixSiderbar: false,
  colorWeak: false,
  multiTab: false,
};

/** Local storage keys (namespaced by `storage`). */
export const SETTING_KEYS: Readonly<Record<keyof LayoutSettings, string>> = {
  navTheme: 'nav_theme',
  primaryColor: 'color',
  layout: 'layout',
  contentWidth: 'content_width',
  fixedHeader: 'fixed_header',
  autoHideHeader: 'auto_hide_header',
  fixSiderbar: 'fixed_sidebar',
  colorWeak: 'weak',
  multiTab: 'multi_tab',
};
export const SIDEBAR_COLLAPSED_KEY = 'sidebar_type';

/** Theme colours offered in the drawer (the ant-design-pro palette). */
export const THEME_COLORS: ReadonlyArray<{ key: string; color: string }> = [
  { key: '拂晓蓝', color: '#1890ff' },
  { key: '薄暮', color: '#f5222d' },
  { key: '火山', color: '#fa541c' },
  { key: '日暮', color: '#faad14' },
  { key: '明青', color: '#13c2c2' },
  { key: '极光绿', color: '#52c41a' },
  { key: '极客蓝', color: '#2f54eb' },
  { key: '酱紫', color: '#722ed1' },
];

const validators: { [K in keyof LayoutSettings]: (v: unknown) => v is LayoutSettings[K] } = {
  navTheme: (v): v is LayoutSettings['navTheme'] => v === 'dark' || v === 'light',
  primaryColor: (v): v is string => typeof v === 'string' && /^#[0-9a-fA-F]{6}$/.test(v),
  layout: (v): v is LayoutSettings['layout'] => v === 'sidemenu' || v === 'topmenu',
  contentWidth: (v): v is LayoutSettings['contentWidth'] => v === 'Fixed' || v === 'Fluid',
  fixedHeader: (v): v is boolean => typeof v === 'boolean',
  autoHideHeader: (v): v is boolean => typeof v === 'boolean',
  fixSiderbar: (v): v is boolean => typeof v === 'boolean',
  colorWeak: (v): v is boolean => typeof v === 'boolean',
  multiTab: (v): v is boolean => typeof v === 'boolean',
};

/**
 * Applies one change with the drawer's coupling rules: Fluid width exists only in topmenu, a fixed
 * side menu does not exist in topmenu, and the header can only auto-hide when it is fixed.
 */
export function applySetting<K extends keyof LayoutSettings>(
  prev: LayoutSettings,
  key: K,
  value: LayoutSettings[K],
): LayoutSettings {
  const next: LayoutSettings = { ...prev, [key]: value };
  return normalizeSettings(next);
}

export function normalizeSettings(s: LayoutSettings): LayoutSettings {
  const next = { ...s };
  if (next.layout === 'topmenu') next.fixSiderbar = false;
  if (next.layout === 'sidemenu') next.contentWidth = 'Fixed';
  if (!next.fixedHeader) next.autoHideHeader = false;
  return next;
}

export function loadSettings(): LayoutSettings {
  const loaded = { ...DEFAULT_LAYOUT_SETTINGS };
  for (const key of Object.keys(SETTING_KEYS) as (keyof LayoutSettings)[]) {
    const v = storage.get<unknown>(SETTING_KEYS[key]);
    if (validators[key](v)) (loaded as Record<keyof LayoutSettings, unknown>)[key] = v;
  }
  return normalizeSettings(loaded);
}

function persist(s: LayoutSettings): void {
  for (const key of Object.keys(SETTING_KEYS) as (keyof LayoutSettings)[])
    storage.set(SETTING_KEYS[key], s[key]);
}

export const layoutSettings = createStore<LayoutSettings>(loadSettings());

export function updateSetting<K extends keyof LayoutSettings>(key: K, value: LayoutSettings[K]): void {
  const next = applySetting(layoutSettings.get(), key, value);
  persist(next);
  layoutSettings.set(next);
}

export function useLayoutSettings(): LayoutSettings {
  return useStore(layoutSettings);
}

/** The text 拷贝设置 puts on the clipboard. */
export function settingsSnippet(s: LayoutSettings): string {
  const lines = (Object.keys(DEFAULT_LAYOUT_SETTINGS) as (keyof LayoutSettings)[]).map(
    (k) => `  ${k}: ${typeof s[k] === 'string' ? `'${s[k]}'` : String(s[k])},`,
  );
  return `// 平台布局设置（可作为 defaultSettings 使用）\nexport default {\n${lines.join('\n')}\n};\n`;
}

export function loadSidebarCollapsed(): boolean | null {
  const v = storage.get<unknown>(SIDEBAR_COLLAPSED_KEY);
  return typeof v === 'boolean' ? v : null;
}
export function saveSidebarCollapsed(collapsed: boolean): void {
  storage.set(SIDEBAR_COLLAPSED_KEY, collapsed);
}
