import { envelope } from '@aqzrx/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/envelope.ts';
import { listCities, listDistricts, listProvinces } from './region.service.ts';

const regionItem = z.object({ code: z.string(), name: z.string() });
const sixDigits = (field: string) => z.string().regex(/^\d{6}$/, `${field} 须为6位数字的行政区划代码`);

/**
 * Region lists for the address pickers (spec 7). Public: the registration forms use them before login.
 * POST with the parameters in the query, as the web client sends them.
 */
export function regionsRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/manage/patient/getProvince.json',
    {
      schema: {
        tags: ['region'],
        summary: '省份列表',
        response: { 200: envelope(z.object({ dictList: z.array(regionItem) })) },
      },
      config: { permission: 'public' },
    },
    async () => ok({ dictList: await listProvinces(app.db) }),
  );
  r.post(
    '/api/manage/patient/getChildren.json',
    {
      schema: {
        tags: ['region'],
        summary: '省份下的城市',
        querystring: z.object({ provinceCode: sixDigits('provinceCode') }).strict(),
        response: { 200: envelope(z.object({ cityList: z.array(regionItem) })) },
      },
      config: { permission: 'public' },
    },
    async (req) => ok({ cityList: await listCities(app.db, req.query.provinceCode) }),
  );
  r.post(
    '/api/manage/patient/getDistrictChildren.json',
    {
      schema: {
        tags: ['region'],
        summary: '城市下的区县',
        querystring: z.object({ cityCode: sixDigits('cityCode') }).strict(),
        response: { 200: envelope(z.object({ districtList: z.array(regionItem) })) },
      },
      config: { permission: 'public' },
    },
    async (req) => ok({ districtList: await listDistricts(app.db, req.query.cityCode) }),
  );
}
