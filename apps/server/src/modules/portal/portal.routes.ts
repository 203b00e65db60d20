import {
  allowedLinkHosts,
  CITY_CODE,
  CITY_NAME,
  envelope,
  portalStats,
  publicSettings,
  STAT_LABELS,
} from '@aqzrx/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope.ts';

export function portalRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { config, settings } = app.deps;

  r.get(
    '/api/public/settings',
    {
      schema: { tags: ['portal'], summary: '公开的平台设置', response: { 200: envelope(publicSettings) } },
      config: { permission: 'public' },
    },
    async () => {
      const s = await settings.all();
      return ok({
        platformName: s.platformName,
        captchaEnabled: config.CAPTCHA,
        footer: s.footer,
        cityCode: CITY_CODE,
        cityName: CITY_NAME,
        footerLinks: s.footerLinks,
        linkHosts: [...allowedLinkHosts()],
      });
    },
  );

  r.get(
    '/api/public/portalStats',
    {
      schema: { tags: ['portal'], summary: '门户统计数据', response: { 200: envelope(portalStats) } },
      config: { permission: 'public' },
    },
    async () => {
      const keys = Object.keys(STAT_LABELS) as Array<keyof typeof STAT_LABELS>;
      const items = await Promise.all(
        keys.map(async (name) => ({ name, ...STAT_LABELS[name], value: await app.portalStats.value(name) })),
      );
      return ok({ items });
    },
  );
}
