import { type SettingsSaveBody, settingValues } from '@aqzrx/contracts';
import type { Tx } from '../../platform/context.ts';
import { badRequest } from '../../platform/errors.ts';
import {
  SETTING_DEFAULTS,
  type SettingKey,
  type SettingsService,
  type SettingValues,
} from '../../platform/settings.ts';

/** Only the keys the defaults know (a stored value may carry keys a newer version dropped). */
function known<T extends object>(defaults: T, value: T): T {
  const out = { ...defaults };
  for (const k of Object.keys(defaults) as Array<keyof T>) out[k] = value[k];
  return out;
}

/**
 * Saves the keys present in the body. footer, insurance and security may be partial: they are merged into the
 * current value and the result is validated whole. Takes effect on the next request (the service's
 * cache is dropped on write), no restart.
 */
export async function saveSettings(
  trx: Tx,
  settings: SettingsService,
  current: SettingValues,
  body: SettingsSaveBody,
  userId: number,
): Promise<SettingKey[]> {
  const next: Partial<SettingValues> = {};
  if (body.platformName !== undefined) next.platformName = body.platformName;
  if (body.footer !== undefined)
    next.footer = known(SETTING_DEFAULTS.footer, { ...current.footer, ...body.footer });
  if (body.footerLinks !== undefined) next.footerLinks = body.footerLinks;
  if (body.insurance !== undefined)
    next.insurance = known(SETTING_DEFAULTS.insurance, { ...current.insurance, ...body.insurance });
  if (body.complaint !== undefined)
    next.complaint = known(SETTING_DEFAULTS.complaint, { ...current.complaint, ...body.complaint });
  if (body.security !== undefined)
    next.security = known(SETTING_DEFAULTS.security, { ...current.security, ...body.security });
  const keys = Object.keys(next) as SettingKey[];
  // Only the keys being saved are validated (merged with what is stored), so an old stored value of
  // another key never blocks a save.
  const checked = settingValues.partial().safeParse(next);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    const field = issue?.path.join('.') ?? '';
    throw badRequest(`请求体 ${field} 有误：${issue?.message ?? '取值无效'}`, {
      fields: checked.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message })),
    });
  }
  for (const key of keys) {
    const value = checked.data[key];
    if (value !== undefined) await settings.set(trx, key, value as SettingValues[typeof key], userId);
  }
  return keys;
}
