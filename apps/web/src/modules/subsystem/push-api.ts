import type { PushSettingsBody, PushSettingsView } from '@aqzrx/contracts';
import { fetchData } from '../../platform/request.ts';

/** Data push settings of a subsystem (server: modules/data-exchange). */

export const pushSettingsKey = (subsystemId: number) =>
  ['sys-config', 'subsystem-push', subsystemId] as const;

export const pushSettings = (subsystemId: number) =>
  fetchData<PushSettingsView>('/subsystem/push/findOne', { method: 'POST', params: { subsystemId } });
export const savePushSettings = (data: PushSettingsBody) =>
  fetchData<{ version: number }>('/subsystem/push/save', { method: 'POST', data });
/** Starts a push in the background; `started` is false when one is already under way. */
export const runPush = (subsystemId: number) =>
  fetchData<{ started: boolean }>('/subsystem/push/run', { method: 'POST', params: { subsystemId } });
