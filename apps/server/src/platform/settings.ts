import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.ts';
import type { Clock } from './clock.ts';

/**
 * Platform settings an administrator can change at run time, stored as rows of sys_setting and
 * read per request (cached for a few seconds; a write through this service invalidates at once).
 * Every key has a code default, so an empty table is a working platform.
 */
export interface SettingValues {
  platformName: string;
  footer: {
    siteCode: string;
    icp: string;
    police: string;
    phone: string;
    email: string;
    supportPhone: string;
    supportEmail: string;
    copyrightHolder: string;
  };
  footerLinks: Array<{ aid: number; title: string }>;
  insurance: {
    /** Minimum per-person death/disability limit, yuan (national floor). */
    minPerPersonLimit: number;
    /** Prevention fee cap as a percentage of premium. */
    preventionFeeCapPct: number;
    /** Hours after an accident within which it must be reported to the insurer. */
    reportDeadlineHours: number;
    /** Days after registration after which an unpaid claim is flagged. */
    claimUnpaidFlagDays: number;
  };
  /** Complaint timers (AQ 9010; issue 15): working days to reply, with verification, the extension cap, the warning. */
  complaint: {
    replyDays: number;
    verifyDays: number;
    maxExtensionDays: number;
    warnDays: number;
  };
  /** Session and password policy, read on every request (platform/auth.ts, login). */
  security: {
    /** Minutes without a request after which a session ends. */
    idleTimeoutMinutes: number;
    /** Days after which a password must be changed; 0 = never. */
    passwordMaxAgeDays: number;
  };
}

export const SETTING_DEFAULTS: SettingValues = {
  platformName: '宿迁市安全生产责任保险监管服务平台',
  footer: {
    siteCode: '',
    icp: '',
    police: '',
    phone: '',
    email: '',
    supportPhone: '',
    supportEmail: '',
    copyrightHolder: '宿迁市应急管理局',
  },
  footerLinks: [],
  insurance: {
    minPerPersonLimit: 400000,
    preventionFeeCapPct: 21,
    // 30 days from the accident (or an occupational-disease diagnosis): domain brief 1.6.
    reportDeadlineHours: 720,
    claimUnpaidFlagDays: 60,
  },
  complaint: { replyDays: 10, verifyDays: 30, maxExtensionDays: 30, warnDays: 2 },
  // Code defaults; a deployment's IDLE_TIMEOUT_MINUTES / PASSWORD_MAX_AGE_DAYS replace them
  // (settingDefaults), and a value saved by the administrator replaces those.
  security: {
    idleTimeoutMinutes: 30,
    passwordMaxAgeDays: 90,
  },
};

/** The defaults of a deployment: the code defaults with the environment's security policy. */
export function settingDefaults(env: {
  IDLE_TIMEOUT_MINUTES: number;
  PASSWORD_MAX_AGE_DAYS: number;
}): SettingValues {
  return {
    ...structuredClone(SETTING_DEFAULTS),
    security: { idleTimeoutMinutes: env.IDLE_TIMEOUT_MINUTES, passwordMaxAgeDays: env.PASSWORD_MAX_AGE_DAYS },
  };
}

export type SettingKey = keyof SettingValues;

export interface SettingsService {
  get<K extends SettingKey>(key: K): Promise<SettingValues[K]>;
  all(): Promise<SettingValues>;
  set<K extends SettingKey>(
    db: Kysely<DB>,
    key: K,
    value: SettingValues[K],
    userId: number | null,
  ): Promise<void>;
  invalidate(): void;
}

const TTL_MS = 5000;

export function createSettingsService(
  getDb: () => Kysely<DB>,
  clock: Clock,
  defaults: SettingValues = SETTING_DEFAULTS,
): SettingsService {
  let cache: { at: number; values: SettingValues } | undefined;

  async function load(): Promise<SettingValues> {
    const now = clock.now().getTime();
    if (cache && now - cache.at < TTL_MS && now >= cache.at) return cache.values;
    const rows = await getDb().selectFrom('sysSetting').select(['key', 'value']).execute();
    const values: SettingValues = structuredClone(defaults);
    for (const row of rows) {
      const key = row.key as SettingKey;
      if (!(key in values)) continue;
      const def = defaults[key];
      const stored = row.value;
      (values as unknown as Record<string, unknown>)[key] =
        def && typeof def === 'object' && !Array.isArray(def) && stored && typeof stored === 'object'
          ? { ...def, ...(stored as object) }
          : stored;
    }
    cache = { at: now, values };
    return values;
  }

  return {
    async get(key) {
      return (await load())[key];
    },
    all: load,
    async set(db, key, value, userId) {
      const json = JSON.stringify(value);
      await db
        .insertInto('sysSetting')
        .values({ key, value: json, updatedAt: clock.now(), updatedBy: userId })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({ value: json, updatedAt: clock.now(), updatedBy: userId }),
        )
        .execute();
      cache = undefined;
    },
    invalidate() {
      cache = undefined;
    },
  };
}
