import {
  envelope,
  INDUSTRY_ROOT_ID,
  idEnvelope,
  industryAddBody,
  industryDeleteQuery,
  industryFindByPidQuery,
  industryNode,
  industrySelectQuery,
  industryUpdateBody,
  messageEnvelope,
} from '@aqzrx/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { done, ok } from '../../platform/envelope.ts';
import { requireAuth } from '../../platform/http.ts';
import { QUERY_OR_BODY as EITHER, queryAsBody } from '../../platform/query-body.ts';
import {
  addIndustry,
  deleteIndustry,
  industrySelectTree,
  industryTree,
  updateIndustry,
} from './industry.service.ts';

const AUDIT = '行业分类';
const treeEnvelope = envelope(z.object({ industryList: z.array(industryNode) }));

/** Industry classification (spec 7 /api/industry/* and getIndustry.json for the selects). */
export function industriesRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { clock } = app.deps;

  r.post(
    '/api/industry/findByPid',
    {
      schema: {
        tags: ['industry'],
        summary: '行业树（pid=1 为全部；all=true 含停用）',
        querystring: industryFindByPidQuery,
        response: { 200: treeEnvelope },
      },
      config: { permission: 'authenticated' },
    },
    async (req) =>
      ok({
        industryList: await industryTree(
          app.db,
          req.query.pid ?? req.query.id ?? INDUSTRY_ROOT_ID,
          req.query.all === true,
        ),
      }),
  );
  r.get(
    '/api/manage/parameter/getIndustry.json',
    {
      schema: {
        tags: ['industry'],
        summary: '行业下拉树（code=GB4754 国民经济行业，code=AQ 安全生产行业领域）',
        querystring: industrySelectQuery,
        response: { 200: treeEnvelope },
      },
      config: { permission: 'authenticated' },
    },
    async (req) => ok({ industryList: await industrySelectTree(app.db, req.query.code) }),
  );
  r.post(
    '/api/industry/add',
    {
      schema: {
        tags: ['industry'],
        summary: `新增行业${EITHER}`,
        body: industryAddBody,
        response: { 200: idEnvelope },
      },
      preValidation: queryAsBody(industryAddBody),
      config: { permission: 'industry.add', audit: { module: AUDIT, kind: 'add' } },
    },
    async (req) => {
      const auth = requireAuth(req);
      const id = await req.tx((trx) => addIndustry(trx, req.body, auth.userId, clock.now()), {
        targetId: (newId) => newId,
      });
      return ok({ id }, '新增成功');
    },
  );
  r.post(
    '/api/industry/update',
    {
      schema: {
        tags: ['industry'],
        summary: `修改行业（需带 version）${EITHER}`,
        body: industryUpdateBody,
        response: { 200: messageEnvelope },
      },
      preValidation: queryAsBody(industryUpdateBody),
      config: { permission: 'industry.edit', audit: { module: AUDIT, kind: 'edit' } },
    },
    async (req) => {
      const auth = requireAuth(req);
      await req.tx((trx) => updateIndustry(trx, req.body, auth.userId, clock.now()), {
        targetId: req.body.id,
      });
      return done('保存成功');
    },
  );
  r.post(
    '/api/industry/delete',
    {
      schema: {
        tags: ['industry'],
        summary: '删除行业（有下级时不能删除）',
        querystring: industryDeleteQuery,
        response: { 200: messageEnvelope },
      },
      config: { permission: 'industry.delete', audit: { module: AUDIT, kind: 'delete' } },
    },
    async (req) => {
      const auth = requireAuth(req);
      await req.tx((trx) => deleteIndustry(trx, req.query.id, auth.userId, clock.now()), {
        targetId: req.query.id,
      });
      return done('删除成功');
    },
  );
}
