import {
  envelope,
  idQuery,
  paged,
  projectCreateInput,
  projectDetail,
  projectListQuery,
  projectPolicyQuery,
  projectPolicyRow,
  projectRow,
  projectUpdateInput,
  providerQuery,
  providerRow,
  serviceTypeTree,
} from '@aqzrx/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/envelope.ts';
import { requireAuth } from '../../platform/http.ts';
import { createOnce } from '../../platform/idempotency.ts';
import { serviceTypeTree as loadTypes } from './common.ts';
import { getProject, listProjects, projectContactPhone } from './project.repo.ts';
import { createProject, listProviders, projectPolicies, updateProject } from './project.service.ts';
import { prevActor } from './scope.ts';

export const MODULE = '事故预防';
const TAGS = ['prevention'];

/** Projects (事故预防项目 / 服务合同) and the pickers a project form needs. */
export function projectRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { clock, settings } = app.deps;
  const actorOf = (req: FastifyRequest) => prevActor(app.db, requireAuth(req));

  // The project's contact, in full for the parties of the project (P04).
  app.piiReveals.register('project', 'ap.get', {
    contactPhone: async (db, auth, id) => projectContactPhone(db, await prevActor(db, auth), id, clock.now()),
  });

  r.post(
    '/api/prevention/serviceTypes',
    {
      schema: {
        tags: TAGS,
        summary: '事故预防服务项目（01-07）及其二级子类型（数据字典，可由管理员扩展）',
        response: { 200: envelope(serviceTypeTree) },
      },
      config: { permission: 'ap.query' },
    },
    async () => ok(await loadTypes(app.db)),
  );

  r.post(
    '/api/prevention/providers',
    {
      schema: {
        tags: TAGS,
        summary: '平台登记的服务机构和专家机构（选择项目的服务机构）',
        querystring: providerQuery,
        response: { 200: envelope(z.array(providerRow)) },
      },
      config: { permission: 'ap.query' },
    },
    async (req) => ok(await listProviders(app.db, req.query)),
  );

  r.post(
    '/api/prevention/project/policies',
    {
      schema: {
        tags: TAGS,
        summary: '可建立事故预防项目的保单（本机构主承或共保的已出单保单）',
        querystring: projectPolicyQuery,
        response: { 200: envelope(paged(projectPolicyRow)) },
      },
      config: { permission: 'ap.add' },
    },
    async (req) => ok(await projectPolicies(app.db, await actorOf(req), req.query)),
  );

  r.post(
    '/api/prevention/project/list',
    {
      schema: {
        tags: TAGS,
        summary: '事故预防项目列表（状态筛选：10全部、1已成立、3进行中、7已结束）',
        querystring: projectListQuery,
        response: { 200: envelope(paged(projectRow)) },
      },
      config: { permission: 'ap.query' },
    },
    async (req) => ok(await listProjects(app.db, await actorOf(req), req.query, clock.now())),
  );

  r.post(
    '/api/prevention/project/detail',
    {
      schema: {
        tags: TAGS,
        summary: '事故预防项目详情（服务项目及完成情况、保单、服务机构）',
        querystring: idQuery,
        response: { 200: envelope(projectDetail) },
      },
      config: { permission: 'ap.get' },
    },
    async (req) => ok(await getProject(app.db, await actorOf(req), req.query.id, clock.now())),
  );

  r.post(
    '/api/prevention/project/add',
    {
      schema: {
        tags: TAGS,
        summary: '新建事故预防项目（保险机构；可带 Idempotency-Key 防重复提交）',
        body: projectCreateInput,
        response: { 200: envelope(z.object({ id: z.number() })) },
      },
      config: { permission: 'ap.add', audit: { module: MODULE, kind: 'add' } },
    },
    async (req, reply) => {
      const actor = await actorOf(req);
      const cap = (await settings.get('insurance')).preventionFeeCapPct;
      const res = await createOnce(
        app.db,
        req,
        reply,
        { now: clock.now(), required: false },
        (trx) => createProject(trx, actor, req.body, cap, clock.now()),
        '事故预防项目已建立，请制定服务计划',
      );
      return res as ReturnType<typeof ok<{ id: number }>>;
    },
  );

  r.post(
    '/api/prevention/project/save',
    {
      schema: {
        tags: TAGS,
        summary: '编辑事故预防项目（保险机构；需提供 version）',
        body: projectUpdateInput,
        response: { 200: envelope(z.object({ id: z.number(), version: z.number() })) },
      },
      config: { permission: 'ap.edit', audit: { module: MODULE, kind: 'edit' } },
    },
    async (req) => {
      const actor = await actorOf(req);
      const cap = (await settings.get('insurance')).preventionFeeCapPct;
      const version = await req.tx((trx) => updateProject(trx, actor, req.body, cap, clock.now()), {
        targetId: req.body.id,
      });
      return ok({ id: req.body.id, version }, '保存成功');
    },
  );
}
