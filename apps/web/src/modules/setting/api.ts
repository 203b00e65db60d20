import type {
  SecuritySettingsSaveBody,
  SecuritySettingsView,
  SettingsSaveBody,
  SettingsView,
} from '@aqzrx/contracts';
import { fetchData } from '../../platform/request.ts';

/** Server calls of the platform settings, with the paths and parameter placement of the API. */

export const settingKeys = {
  settings: ['sys-config', 'settings'] as const,
  security: ['sys-config', 'security-settings'] as const,
};

export const getSettings = () => fetchData<SettingsView>('/setting/get', { method: 'POST' });
export const saveSettings = (data: SettingsSaveBody) =>
  fetchData<{ saved: string[]; settings: SettingsView }>('/setting/save', { method: 'POST', data });

/** The security administrator's 安全设置 (三权分立): the session and password policy, and the deployment's values. */
export const getSecuritySettings = () =>
  fetchData<SecuritySettingsView>('/setting/security/get', { method: 'POST' });
export const saveSecuritySettings = (data: SecuritySettingsSaveBody) =>
  fetchData<SecuritySettingsView>('/setting/security/save', { method: 'POST', data });
