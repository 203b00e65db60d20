import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  applySetting,
  DEFAULT_LAYOUT_SETTINGS,
  layoutSettings,
  loadSettings,
  SETTING_KEYS,
  settingsSnippet,
  updateSetting,
} from './layout-settings.ts';
import { STORAGE_PREFIX, storage } from './storage.ts';

afterEach(() => {
  localStorage.clear();
  layoutSettings.set({ ...DEFAULT_LAYOUT_SETTINGS });
});

describe('layout settings', () => {
  it('defaults to spec 9: green, dark menu, sidemenu, Fixed, everything else off', () => {
    expect(DEFAULT_LAYOUT_SETTINGS).toEqual({
      navTheme: 'dark',
      primaryColor: '#52c41a',
      layout: 'sidemenu',
      contentWidth: 'Fixed',
      fixedHeader: false,
      autoHideHeader: false,
      fixSiderbar: false,
      colorWeak: false,
      multiTab: false,
    });
    expect(loadSettings()).toEqual(DEFAULT_LAYOUT_SETTINGS);
  });

  it('persists every change locally and reads it back after a reload', () => {
    updateSetting('primaryColor', '#1890ff');
    updateSetting('layout', 'topmenu');
    updateSetting('contentWidth', 'Fluid');
    updateSetting('fixedHeader', true);
    updateSetting('autoHideHeader', true);
    updateSetting('colorWeak', true);
    updateSetting('multiTab', true);
    updateSetting('navTheme', 'light');
    expect(localStorage.getItem(`${STORAGE_PREFIX}${SETTING_KEYS.primaryColor}`)).toContain('#1890ff');
    // A reload builds the state from storage only.
    expect(loadSettings()).toEqual({
      navTheme: 'light',
      primaryColor: '#1890ff',
      layout: 'topmenu',
      contentWidth: 'Fluid',
      fixedHeader: true,
      autoHideHeader: true,
      fixSiderbar: false,
      colorWeak: true,
      multiTab: true,
    });
  });

  it('ignores corrupt stored values', () => {
    storage.set(SETTING_KEYS.primaryColor, 'javascript:alert(1)');
    storage.set(SETTING_KEYS.layout, 'sideways');
    storage.set(SETTING_KEYS.multiTab, 'yes');
    expect(loadSettings()).toEqual(DEFAULT_LAYOUT_SETTINGS);
  });

  it('Fluid width exists only in topmenu', () => {
    const top = applySetting(DEFAULT_LAYOUT_SETTINGS, 'layout', 'topmenu');
    const fluid = applySetting(top, 'contentWidth', 'Fluid');
    expect(fluid.contentWidth).toBe('Fluid');
    expect(applySetting(fluid, 'layout', 'sidemenu').contentWidth).toBe('Fixed');
    expect(applySetting(DEFAULT_LAYOUT_SETTINGS, 'contentWidth', 'Fluid').contentWidth).toBe('Fixed');
  });

  it('a fixed side menu does not exist in topmenu', () => {
    const fixed = applySetting(DEFAULT_LAYOUT_SETTINGS, 'fixSiderbar', true);
    expect(fixed.fixSiderbar).toBe(true);
    expect(applySetting(fixed, 'layout', 'topmenu').fixSiderbar).toBe(false);
  });

  it('the header auto-hides only when it is fixed', () => {
    expect(applySetting(DEFAULT_LAYOUT_SETTINGS, 'autoHideHeader', true).autoHideHeader).toBe(false);
    const fixed = applySetting(DEFAULT_LAYOUT_SETTINGS, 'fixedHeader', true);
    const hiding = applySetting(fixed, 'autoHideHeader', true);
    expect(hiding.autoHideHeader).toBe(true);
    expect(applySetting(hiding, 'fixedHeader', false).autoHideHeader).toBe(false);
  });

  it('notifies subscribers', () => {
    const listener = vi.fn();
    const off = layoutSettings.subscribe(listener);
    updateSetting('multiTab', true);
    off();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('copy text lists every setting', () => {
    const text = settingsSnippet(DEFAULT_LAYOUT_SETTINGS);
    for (const key of Object.keys(DEFAULT_LAYOUT_SETTINGS)) expect(text).toContain(`${key}:`);
    expect(text).toContain("primaryColor: '#52c41a'");
  });
});
