import { envelope, orgListQuery, orgRow, paged } from '@aqzrx/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope.ts';
import { searchOrgs } from './orgs.service.ts';

export function orgsRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/sys/org/getOrgList.json',
    {
      schema: {
        tags: ['org'],
        summary: '机构分页查询（政府、企业、保险、服务、专家机构）',
        querystring: orgListQuery,
        response: { 200: envelope(paged(orgRow)) },
      },
      config: { permission: 'org.query' },
    },
    async (req) => ok(await searchOrgs(app.db, req.query)),
  );
}
