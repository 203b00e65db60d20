import {
  type DeploymentSettings,
  governedDistricts,
  securitySettingsSaveBody,
  securitySettingsViewEnvelope,
  settingsSaveBody,
  settingsSavedEnvelope,
  settingsViewEnvelope,
} from '@aqzrx/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope.ts';
import { forbidden } from '../../platform/errors.ts';
import { requireAuth } from '../../platform/http.ts';
import { saveSettings } from './setting.service.ts';

export const SECURITY_SETTINGS_MESSAGE =
  '登录与密码安全设置（无操作自动退出、密码有效期）只能由安全管理员在“安全设置”中修改（三权分立）';

export function settingsRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { settings, config } = app.deps;
  const deployment: DeploymentSettings = {
    captchaEnabled: config.CAPTCHA,
    tokenTtlHours: config.TOKEN_TTL_HOURS,
    lockThreshold: config.LOCK_THRESHOLD,
    lockMinutes: config.LOCK_MINUTES,
    accountLockThreshold: config.ACCOUNT_LOCK_THRESHOLD,
    mfaEnabled: config.MFA,
    securityDefaults: {
      idleTimeoutMinutes: config.IDLE_TIMEOUT_MINUTES,
      passwordMaxAgeDays: config.PASSWORD_MAX_AGE_DAYS,
    },
  };

  r.post(
    '/api/setting/get',
    {
      schema: {
        tags: ['setting'],
        summary: '平台设置（全部，另附只读的部署参数 deployment）',
        response: { 200: settingsViewEnvelope },
      },
      config: { permission: 'setting.query' },
    },
    async () => ok({ ...(await settings.all()), deployment }),
  );

  r.post(
    '/api/setting/save',
    {
      schema: {
        tags: ['setting'],
        summary: '保存平台设置（可只提交部分项；下一次请求即生效）',
        body: settingsSaveBody,
        response: { 200: settingsSavedEnvelope },
      },
      config: { permission: 'setting.edit', audit: { module: '平台设置', kind: 'edit' } },
    },
    async (req) => {
      const auth = requireAuth(req);
      // 三权分立 (security.md Z04): the session and password policy is the security administrator's
      // (/api/setting/security/save), whoever else holds the platform settings.
      if (req.body.security !== undefined) throw forbidden(SECURITY_SETTINGS_MESSAGE);
      // The settings are city-wide: an account whose jurisdiction is part of the city (a district-level
      // regulator) reads them but does not change them. The jurisdiction decides, as for rules and notices.
      if (governedDistricts(auth.districtCodes) !== null)
        throw forbidden('区县监管账号不能修改全市的平台设置，请联系市级监管部门');
      settings.invalidate();
      const current = await settings.all();
      const keys = await req.tx((trx) => saveSettings(trx, settings, current, req.body, auth.userId), {
        targetId: (k) => k.join(',').slice(0, 64),
      });
      // Dropped again after commit, so no request that ran during the write keeps the old values cached.
      settings.invalidate();
      return ok({ saved: keys, settings: { ...(await settings.all()), deployment } }, '设置已保存');
    },
  );

  r.post(
    '/api/setting/security/get',
    {
      schema: {
        tags: ['setting'],
        summary: '安全设置：无操作自动退出、密码有效期及只读的部署安全参数（安全管理员）',
        response: { 200: securitySettingsViewEnvelope },
      },
      config: { permission: 'security.query' },
    },
    async () => ok({ security: await settings.get('security'), deployment }),
  );

  r.post(
    '/api/setting/security/save',
    {
      schema: {
        tags: ['setting'],
        summary: '保存安全设置（安全管理员；可只提交部分项，下一次请求即生效）',
        body: securitySettingsSaveBody,
        response: { 200: securitySettingsViewEnvelope },
      },
      config: { permission: 'security.edit', audit: { module: '安全设置', kind: 'edit' } },
    },
    async (req) => {
      const auth = requireAuth(req);
      settings.invalidate();
      const current = await settings.all();
      await req.tx((trx) => saveSettings(trx, settings, current, { security: req.body }, auth.userId), {
        targetId: 'security',
      });
      settings.invalidate();
      return ok({ security: await settings.get('security'), deployment }, '安全设置已保存，下一次请求即生效');
    },
  );
}
