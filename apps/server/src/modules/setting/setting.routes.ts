import {
  type DeploymentSettings,
  governedDistricts,
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
}
