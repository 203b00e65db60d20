import type { SettingsSaveBody, SettingsView } from '@aqzrx/contracts';
import { fetchData } from '../../platform/request.ts';

/** Server calls of the platform settings, with the paths and parameter placement of the API. */

export const settingKeys = {
  settings: ['sys-config', 'settings'] as const,
};

export const getSettings = () => fetchData<SettingsView>('/setting/get', { method: 'POST' });
export const saveSettings = (data: SettingsSaveBody) =>
  fetchData<{ saved: string[]; settings: SettingsView }>('/setting/save', { method: 'POST', data });
