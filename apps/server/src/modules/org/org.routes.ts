import {
  envelope,
  messageEnvelope,
  OrgStatus,
  orgAddBody,
  orgListQuery,
  orgRow,
  orgSaveBody,
  orgStatusQuery,
  paged,
} from '@aqzrx/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { done, ok } from '../../platform/envelope.ts';
import { requireAuth } from '../../platform/http.ts';
import { addOrg, saveOrg, searchOrgs, setOrgStatus } from './org.service.ts';

const MODULE = '机构管理';

/**
 * 机构管理 (operations admin): the organisations of the platform; regulator offices, insurer branches,
 * service organisations and expert panels are added and edited here, and any organisation is suspended
 * (停用: its users cannot sign in) or enabled again. Enterprises are added and edited in 企业管理.
 */
export function orgsRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { clock } = app.deps;
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
  r.post(
    '/api/sys/org/add',
    {
      schema: {
        tags: ['org'],
        summary: '新增机构（政府监管部门、保险机构、服务机构、专家机构；企业在企业管理中新增）',
        body: orgAddBody,
        response: { 200: envelope(z.object({ id: z.number() })) },
      },
      config: { permission: 'org.add', audit: { module: MODULE, kind: 'add' } },
    },
    async (req) => {
      const auth = requireAuth(req);
      const id = await req.tx((trx) => addOrg(trx, auth, req.body, clock.now()), { targetId: (x) => x });
      return ok({ id }, '新增成功');
    },
  );
  r.post(
    '/api/sys/org/save',
    {
      schema: {
        tags: ['org'],
        summary: '编辑机构（需提供 version；联系电话不填则保持不变）',
        body: orgSaveBody,
        response: { 200: envelope(z.object({ id: z.number(), version: z.number() })) },
      },
      config: { permission: 'org.edit', audit: { module: MODULE, kind: 'edit' } },
    },
    async (req) => {
      const auth = requireAuth(req);
      const version = await req.tx((trx) => saveOrg(trx, auth, req.body, clock.now()), {
        targetId: req.body.id,
      });
      return ok({ id: req.body.id, version }, '保存成功');
    },
  );
  r.post(
    '/api/sys/org/disable',
    {
      schema: {
        tags: ['org'],
        summary: '停用机构：其用户不能登录，已登录的会话立即失效',
        querystring: orgStatusQuery,
        response: { 200: messageEnvelope },
      },
      config: { permission: 'org.disable', audit: { module: MODULE, kind: 'disable' } },
    },
    async (req) => {
      const auth = requireAuth(req);
      const res = await req.tx(
        (trx) => setOrgStatus(trx, auth, req.query, OrgStatus.SUSPENDED, clock.now()),
        { targetId: req.query.id },
      );
      return done(res.changed ? '已停用，该机构的用户不能再登录' : '该机构已是停用状态');
    },
  );
  r.post(
    '/api/sys/org/enable',
    {
      schema: {
        tags: ['org'],
        summary: '启用机构：其用户可以重新登录',
        querystring: orgStatusQuery,
        response: { 200: messageEnvelope },
      },
      config: { permission: 'org.enable', audit: { module: MODULE, kind: 'enable' } },
    },
    async (req) => {
      const auth = requireAuth(req);
      const res = await req.tx((trx) => setOrgStatus(trx, auth, req.query, OrgStatus.ACTIVE, clock.now()), {
        targetId: req.query.id,
      });
      return done(res.changed ? '已启用' : '该机构已是启用状态');
    },
  );
}
