import {
  EXPERT_IMPORT_HEADERS,
  ExpertStatus,
  envelope,
  expertEditInput,
  expertMineInput,
  idEnvelope,
  idQuery,
  messageEnvelope,
  ORG_IMPORT_HEADERS,
  OrgStatus,
  POOL_IMPORT_LIMITS,
  paged,
  poolExpertDetail,
  poolExpertInput,
  poolExpertListQuery,
  poolExpertRow,
  poolImportResult,
  poolMine,
  poolOrgDetail,
  poolOrgListQuery,
  poolOrgRow,
  poolStatusQuery,
  serviceOrgAdminInput,
  serviceOrgMineInput,
  xlsxResponse,
} from '@aqzrx/contracts';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { done, ok } from '../../platform/envelope.ts';
import { notFound } from '../../platform/errors.ts';
import { requireAuth } from '../../platform/http.ts';
import { holdsPermission } from '../../platform/permissions.ts';
import type { RevealLoader } from '../../platform/reveal.ts';
import { buildXlsx, sendXlsx, sendXlsxStream, uploadedXlsx } from '../../platform/xlsx.ts';
import {
  allExperts,
  allOrgs,
  expertDetail,
  listExperts,
  listOrgs,
  orgDetail,
  orgPhones,
  type PoolActor,
  poolActor,
} from './pool.repo.ts';
import {
  createExpert,
  editExpert,
  saveOrgByAdmin,
  saveOwnExpert,
  saveOwnOrg,
  setExpertStatus,
  setServiceOrgStatus,
} from './pool.service.ts';
import {
  EXPERT_EXPORT_COLUMNS,
  importExperts,
  importOrgs,
  ORG_EXPORT_COLUMNS,
  orgTemplateRows,
  templateRows,
} from './pool.xlsx.ts';

const TAGS = ['pool'];
const ORG = '服务机构';
const EXPERT = '专家管理';
const saved = envelope(z.object({ id: z.number().int(), version: z.number().int() }));
const orgFilters = poolOrgListQuery.omit({ pageNo: true, pageSize: true, sortField: true, sortOrder: true });
const expertFilters = poolExpertListQuery.omit({
  pageNo: true,
  pageSize: true,
  sortField: true,
  sortOrder: true,
});

/** The service organisation and expert pool (README.md). */
export function poolRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { clock } = app.deps;
  const actorOf = async (req: FastifyRequest) => poolActor(app.db, requireAuth(req));

  // A service organisation's contacts in full (P04): its own (the 机构资料 page), or one in the reader's
  // scope of the organisation detail (service.get).
  const orgPhone =
    (field: 'contactPhone' | 'legalPhone' | 'safetyPhone'): RevealLoader =>
    async (db, auth, id) => {
      // Read on `db` (the reveal's transaction), never app.db: one connection may be all there is.
      const org =
        auth.orgId === id
          ? await db.selectFrom('sysOrg').select('orgType').where('id', '=', id).executeTakeFirst()
          : undefined;
      const own = org?.orgType === 'service';
      if (!own && !(await holdsPermission(db, auth, 'service.get'))) throw notFound('服务机构不存在');
      const actor: PoolActor = own ? { kind: 'admin', userId: auth.userId } : await poolActor(db, auth);
      return (await orgPhones(db, actor, id))[field];
    };
  app.piiReveals.register('serviceOrg', ['service.get', 'poolProfile.query'], {
    contactPhone: orgPhone('contactPhone'),
    legalPhone: orgPhone('legalPhone'),
    safetyPhone: orgPhone('safetyPhone'),
  });

  // --- organisations ----------------------------------------------------------------------------------
  r.post(
    '/api/pool/org/list',
    {
      schema: {
        tags: TAGS,
        summary: '服务机构列表（运营中心全部；监管部门本辖区；保险机构正常状态的机构）',
        querystring: poolOrgListQuery,
        response: { 200: envelope(paged(poolOrgRow)) },
      },
      config: { permission: 'service.query' },
    },
    async (req) => ok(await listOrgs(app.db, await actorOf(req), req.query, clock.now())),
  );
  r.post(
    '/api/pool/org/detail',
    {
      schema: {
        tags: TAGS,
        summary: '服务机构详情（资料、服务记录、评分）',
        querystring: idQuery,
        response: { 200: envelope(poolOrgDetail) },
      },
      config: { permission: 'service.get' },
    },
    async (req) => ok(await orgDetail(app.db, await actorOf(req), req.query.id, clock.now())),
  );
  r.post(
    '/api/pool/org/save',
    {
      schema: {
        tags: TAGS,
        summary: '编辑服务机构（名称、区县、联系人与机构资料）',
        body: serviceOrgAdminInput,
        response: { 200: saved },
      },
      config: { permission: 'service.edit', audit: { module: ORG, kind: 'edit' } },
    },
    async (req) => {
      const auth = requireAuth(req);
      const version = await req.tx((trx) => saveOrgByAdmin(trx, auth, req.body, clock.now()), {
        targetId: req.body.orgId,
      });
      return ok({ id: req.body.orgId, version }, '保存成功');
    },
  );
  for (const [path, status, perm, kind] of [
    ['disable', OrgStatus.SUSPENDED, 'service.disable', 'disable'],
    ['enable', OrgStatus.ACTIVE, 'service.enable', 'enable'],
  ] as const)
    r.post(
      `/api/pool/org/${path}`,
      {
        schema: {
          tags: TAGS,
          summary: status === OrgStatus.SUSPENDED ? '停用服务机构：其用户不能登录' : '启用服务机构',
          querystring: poolStatusQuery,
          response: { 200: messageEnvelope },
        },
        config: { permission: perm, audit: { module: ORG, kind } },
      },
      async (req) => {
        const auth = requireAuth(req);
        const res = await req.tx((trx) => setServiceOrgStatus(trx, auth, req.query, status, clock.now()), {
          targetId: req.query.id,
        });
        if (status === OrgStatus.SUSPENDED)
          return done(res.changed ? '已停用，该机构的用户不能再登录' : '该机构已是停用状态');
        return done(res.changed ? '已启用' : '该机构已是启用状态');
      },
    );
  r.get(
    '/api/pool/org/export',
    {
      schema: {
        tags: TAGS,
        summary: '导出服务机构 .xlsx（筛选条件同列表；联系人手机号脱敏）',
        querystring: orgFilters,
        response: { 200: xlsxResponse('服务机构工作簿') },
      },
      config: { permission: 'service.export', audit: { module: ORG, kind: 'export' } },
    },
    async (req, reply) =>
      sendXlsxStream(reply, '服务机构.xlsx', [
        {
          name: '服务机构',
          columns: ORG_EXPORT_COLUMNS,
          rows: allOrgs(app.db, await actorOf(req), req.query, clock.now()),
        },
      ]),
  );

  r.get(
    '/api/pool/org/template',
    {
      schema: {
        tags: TAGS,
        summary: '服务机构导入模板 .xlsx',
        response: { 200: xlsxResponse('服务机构导入模板') },
      },
      config: { permission: 'service.import' },
    },
    async (_req, reply) => {
      const buf = await buildXlsx(
        '服务机构导入模板',
        ORG_IMPORT_HEADERS.map((h) => ({
          header: h,
          width: 20,
          value: (row: Record<string, string>) => row[h] ?? '',
        })),
        orgTemplateRows(),
      );
      return sendXlsx(reply, '服务机构导入模板.xlsx', buf, 'service-org-template.xlsx');
    },
  );

  // --- experts ----------------------------------------------------------------------------------------
  r.post(
    '/api/pool/expert/list',
    {
      schema: {
        tags: TAGS,
        summary: '专家列表（证件号、手机号脱敏）',
        querystring: poolExpertListQuery,
        response: { 200: envelope(paged(poolExpertRow)) },
      },
      config: { permission: 'expert.query', audit: { module: EXPERT, kind: 'query' } },
    },
    async (req) => ok(await listExperts(app.db, await actorOf(req), req.query, clock.now())),
  );
  r.post(
    '/api/pool/expert/detail',
    {
      schema: {
        tags: TAGS,
        summary: '专家详情（脱敏；服务记录、评分）',
        querystring: idQuery,
        response: { 200: envelope(poolExpertDetail) },
      },
      config: { permission: 'expert.get' },
    },
    async (req) => ok(await expertDetail(app.db, await actorOf(req), req.query.id, clock.now())),
  );
  r.post(
    '/api/pool/expert/add',
    {
      schema: { tags: TAGS, summary: '新增专家', body: poolExpertInput, response: { 200: idEnvelope } },
      config: { permission: 'expert.add', audit: { module: EXPERT, kind: 'add' } },
    },
    async (req) => {
      const auth = requireAuth(req);
      const id = await req.tx(
        (trx) => createExpert(trx, req.body, { userId: auth.userId, now: clock.now() }),
        {
          targetId: (newId) => newId,
        },
      );
      return ok({ id }, '新增成功');
    },
  );
  r.post(
    '/api/pool/expert/save',
    {
      schema: {
        tags: TAGS,
        summary: '编辑专家（证件号、手机号不填则保持不变）',
        body: expertEditInput,
        response: { 200: saved },
      },
      config: { permission: 'expert.edit', audit: { module: EXPERT, kind: 'edit' } },
    },
    async (req) => {
      const auth = requireAuth(req);
      const version = await req.tx((trx) => editExpert(trx, auth, req.body, clock.now()), {
        targetId: req.body.id,
      });
      return ok({ id: req.body.id, version }, '保存成功');
    },
  );
  for (const [path, status, perm, kind] of [
    ['disable', ExpertStatus.SUSPENDED, 'expert.disable', 'disable'],
    ['enable', ExpertStatus.ACTIVE, 'expert.enable', 'enable'],
  ] as const)
    r.post(
      `/api/pool/expert/${path}`,
      {
        schema: {
          tags: TAGS,
          summary: status === ExpertStatus.SUSPENDED ? '停用专家：不能再被选入新的服务计划' : '启用专家',
          querystring: poolStatusQuery,
          response: { 200: messageEnvelope },
        },
        config: { permission: perm, audit: { module: EXPERT, kind } },
      },
      async (req) => {
        const auth = requireAuth(req);
        const res = await req.tx((trx) => setExpertStatus(trx, auth, req.query, status, clock.now()), {
          targetId: req.query.id,
        });
        if (status === ExpertStatus.SUSPENDED)
          return done(res.changed ? '已停用，该专家不能再被选入新的服务计划' : '该专家已是停用状态');
        return done(res.changed ? '已启用' : '该专家已是启用状态');
      },
    );
  r.get(
    '/api/pool/expert/export',
    {
      schema: {
        tags: TAGS,
        summary: '导出专家 .xlsx（证件号、手机号脱敏；筛选条件同列表）',
        querystring: expertFilters,
        response: { 200: xlsxResponse('专家工作簿') },
      },
      config: { permission: 'expert.export', audit: { module: EXPERT, kind: 'export' } },
    },
    async (req, reply) =>
      sendXlsxStream(reply, '专家库.xlsx', [
        {
          name: '专家库',
          columns: EXPERT_EXPORT_COLUMNS,
          rows: allExperts(app.db, await actorOf(req), req.query, clock.now()),
        },
      ]),
  );
  r.get(
    '/api/pool/expert/template',
    {
      schema: {
        tags: TAGS,
        summary: '专家导入模板 .xlsx',
        response: { 200: xlsxResponse('专家导入模板') },
      },
      config: { permission: 'expert.import' },
    },
    async (_req, reply) => {
      const buf = await buildXlsx(
        '专家导入模板',
        EXPERT_IMPORT_HEADERS.map((h) => ({
          header: h,
          width: 18,
          value: (row: Record<string, string>) => row[h] ?? '',
        })),
        templateRows(),
      );
      return sendXlsx(reply, '专家导入模板.xlsx', buf, 'expert-template.xlsx');
    },
  );

  // The import takes a multipart upload; the parser is registered in this scope only.
  app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { files: 1, parts: 3, fields: 2, fileSize: POOL_IMPORT_LIMITS.fileBytes, headerPairs: 100 },
      throwFileSizeLimit: true,
    });
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null, undefined));
    for (const kind of ['org', 'expert'] as const) {
      const isOrg = kind === 'org';
      scope.withTypeProvider<ZodTypeProvider>().post(
        `/api/pool/${kind}/import`,
        {
          schema: {
            tags: TAGS,
            summary: `导入${isOrg ? '服务机构' : '专家'} .xlsx（字段 file；任一行有误则全部不导入并返回逐行错误）`,
            consumes: ['multipart/form-data'],
            response: { 200: envelope(poolImportResult) },
          },
          config: {
            permission: isOrg ? 'service.import' : 'expert.import',
            audit: { module: isOrg ? ORG : EXPERT, kind: 'import' },
          },
        },
        async (req) => {
          const auth = requireAuth(req);
          const file = await uploadedXlsx(req, POOL_IMPORT_LIMITS.fileBytes);
          const now = clock.now();
          const res = await req.tx((trx) =>
            isOrg ? importOrgs(trx, auth, file, now) : importExperts(trx, auth.userId, file, now),
          );
          req.auditTarget = `${res.added}行`;
          return ok(res, `导入成功：新增${isOrg ? '服务机构' : '专家'}${res.added}${isOrg ? '家' : '名'}`);
        },
      );
    }
  });

  // --- own profile --------------------------------------------------------------------------------------
  r.post(
    '/api/pool/mine',
    {
      schema: {
        tags: TAGS,
        summary: '本机构资料（服务机构）或本人专家资料（专家）',
        response: { 200: envelope(poolMine) },
      },
      config: { permission: 'poolProfile.query' },
    },
    async (req) => {
      const auth = requireAuth(req);
      const kind = await ownKind(app, auth.orgId);
      const now = clock.now();
      if (kind === 'service')
        return ok({
          kind,
          org: await orgDetail(app.db, { kind: 'admin', userId: auth.userId }, auth.orgId!, now),
        });
      const e = await app.db
        .selectFrom('svExpert')
        .select('id')
        .where('userId', '=', auth.userId)
        .where('deletedAt', 'is', null)
        .executeTakeFirst();
      return ok({
        kind: 'expert' as const,
        expert: e ? await expertDetail(app.db, { kind: 'admin', userId: auth.userId }, e.id, now) : null,
      });
    },
  );
  r.post(
    '/api/pool/mine/saveOrg',
    {
      schema: { tags: TAGS, summary: '保存本机构资料', body: serviceOrgMineInput, response: { 200: saved } },
      config: { permission: 'poolProfile.edit', audit: { module: ORG, kind: 'edit' } },
    },
    async (req) => {
      const auth = requireAuth(req);
      if ((await ownKind(app, auth.orgId)) !== 'service') throw notFound('服务机构不存在');
      const version = await req.tx((trx) => saveOwnOrg(trx, auth, req.body, clock.now()), {
        targetId: auth.orgId ?? undefined,
      });
      return ok({ id: auth.orgId!, version }, '保存成功');
    },
  );
  r.post(
    '/api/pool/mine/saveExpert',
    {
      schema: { tags: TAGS, summary: '保存本人专家资料', body: expertMineInput, response: { 200: saved } },
      config: { permission: 'poolProfile.edit', audit: { module: EXPERT, kind: 'edit' } },
    },
    async (req) => {
      const auth = requireAuth(req);
      const res = await req.tx((trx) => saveOwnExpert(trx, auth, req.body, clock.now()));
      return ok(res, '保存成功');
    },
  );
}

async function ownKind(app: FastifyInstance, orgId: number | null): Promise<'service' | 'expert' | null> {
  if (orgId === null) return null;
  const a = await app.db.selectFrom('sysOrg').select('orgType').where('id', '=', orgId).executeTakeFirst();
  return a?.orgType === 'service' ? 'service' : a?.orgType === 'expert' ? 'expert' : null;
}
