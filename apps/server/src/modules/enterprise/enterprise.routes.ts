import {
  type EnterpriseRow,
  enterpriseContactsView,
  enterpriseDetail,
  enterpriseEditInput,
  enterpriseExportQuery,
  enterpriseImported,
  enterpriseListQuery,
  enterpriseMineInput,
  enterpriseParamsInput,
  enterpriseParamsState,
  enterpriseProfileInput,
  enterpriseRow,
  enterpriseSaved,
  enterpriseScored,
  enterpriseScoreRow,
  envelope,
  idEnvelope,
  OPERATING_STATUS,
  optionLabel,
  paged,
  pageQuery,
  SCORE_GRADES,
  STD_GRADES,
  xlsxResponse,
} from '@aqzrx/contracts';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { resolveActor } from '../../platform/actor.ts';
import { ok } from '../../platform/envelope.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { requireAuth } from '../../platform/http.ts';
import type { RevealLoader } from '../../platform/reveal.ts';
import {
  buildXlsx,
  EXPORT_ROW_CAP,
  readXlsx,
  sendXlsx,
  sendXlsxStream,
  uploadedXlsx,
} from '../../platform/xlsx.ts';
import { IMPORT_COLUMNS, importFailed, importRegister, parseRegisterRows } from './enterprise.import.ts';
import {
  countEnterpriseExport,
  enterpriseContacts,
  enterpriseLicenceReadable,
  exportEnterpriseRows,
  getEnterprise,
  listEnterprises,
} from './enterprise.repo.ts';
import { getParams, rescoreInScope, saveParams, scoreHistory } from './enterprise.score.ts';
import { addEnterprise, saveEnterprise } from './enterprise.service.ts';

export const idQuery = z.object({ id: z.coerce.number().int().positive('id 必须是正整数') }).strict();

const IMPORT_MAX_BYTES = 5 * 1024 * 1024;

/**
 * Enterprises (government: list, add, edit, detail, params, score, import, export; enterprise: its own
 * info edit). Scope: the government sees its districts, an enterprise itself; others answer 404.
 */
export function enterprisesRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { clock } = app.deps;
  const actorOf = async (req: Parameters<typeof requireAuth>[0]) => resolveActor(app.db, requireAuth(req));
  // An enterprise's licences are read (GET /api/file/:id) by whoever may read the enterprise.
  app.fileScopes.register('enterprise', async (db, auth, fileId) =>
    enterpriseLicenceReadable(db, await resolveActor(db, auth), fileId),
  );
  // The full contact numbers (security P04), by the detail's permission and scope: the government of the
  // enterprise's district, and the enterprise itself for its own 企业信息 page; others 404.
  const contact =
    (field: 'legalMobile' | 'legalDutyPhone' | 'safetyMobile'): RevealLoader =>
    async (db, auth, id) =>
      (await enterpriseContacts(db, await resolveActor(db, auth), id))[field];
  app.piiReveals.register('enterprise', 'enterprise.get', {
    legalMobile: contact('legalMobile'),
    legalDutyPhone: contact('legalDutyPhone'),
    safetyMobile: contact('safetyMobile'),
  });

  r.post(
    '/api/enterprise/list',
    {
      schema: {
        tags: ['enterprise'],
        response: { 200: envelope(z.object({ page: paged(enterpriseRow) })) },
        summary: '企业列表（监管部门：本辖区；企业：本企业）',
        querystring: enterpriseListQuery,
      },
      config: { permission: 'enterprise.query', audit: { module: '企业管理', kind: 'query' } },
    },
    async (req) => {
      const actor = await actorOf(req);
      return ok({
        page: await app.reads.run(req, (db) => listEnterprises(db, actor, req.query, clock.now())),
      });
    },
  );

  r.post(
    '/api/enterprise/detail',
    {
      schema: {
        tags: ['enterprise'],
        response: { 200: envelope(enterpriseDetail) },
        summary: '企业详情（手机号脱敏）',
        querystring: idQuery,
      },
      config: { permission: 'enterprise.get' },
    },
    async (req) => ok(await getEnterprise(app.db, await actorOf(req), req.query.id, clock.now())),
  );

  r.post(
    '/api/enterprise/contacts',
    {
      schema: {
        tags: ['enterprise'],
        response: { 200: envelope(enterpriseContactsView) },
        summary: '查看企业联系人完整手机号（记录审计日志）',
        querystring: idQuery,
      },
      config: { permission: 'enterprise.get', audit: { module: '企业管理', kind: 'get' } },
    },
    async (req) => {
      req.auditTarget = String(req.query.id);
      return ok(await enterpriseContacts(app.db, await actorOf(req), req.query.id));
    },
  );

  r.post(
    '/api/enterprise/add',
    {
      schema: {
        tags: ['enterprise'],
        response: { 200: idEnvelope },
        summary: '新增企业（监管部门，本辖区）',
        body: enterpriseProfileInput,
      },
      config: { permission: 'enterprise.add', audit: { module: '企业管理', kind: 'add' } },
    },
    async (req) => {
      const actor = await actorOf(req);
      const id = await req.tx((trx) => addEnterprise(trx, actor, req.body, clock.now()), {
        targetId: (newId) => newId,
      });
      return ok({ id }, '新增成功');
    },
  );

  r.post(
    '/api/enterprise/edit',
    {
      schema: {
        tags: ['enterprise'],
        response: { 200: envelope(enterpriseSaved) },
        summary: '编辑企业（需提供 version）',
        body: enterpriseEditInput,
      },
      config: { permission: 'enterprise.edit', audit: { module: '企业管理', kind: 'edit' } },
    },
    async (req) => {
      const actor = await actorOf(req);
      const { id, version, ...fields } = req.body;
      const newVersion = await req.tx((trx) => saveEnterprise(trx, actor, id, version, fields, clock.now()), {
        targetId: id,
      });
      return ok({ id, version: newVersion }, '保存成功');
    },
  );

  r.post(
    '/api/enterprise/mine',
    {
      schema: {
        tags: ['enterprise'],
        response: { 200: envelope(enterpriseDetail) },
        summary: '本企业信息（企业信息完善页；手机号脱敏，完整号码经 /api/pii/reveal 查看）',
      },
      config: { permission: 'enterprise.get' },
    },
    async (req) => {
      const actor = await actorOf(req);
      if (actor.kind !== 'enterprise') throw notFound('企业不存在');
      return ok(await getEnterprise(app.db, actor, actor.orgId, clock.now()));
    },
  );

  r.post(
    '/api/enterprise/saveMine',
    {
      schema: {
        tags: ['enterprise'],
        response: { 200: envelope(enterpriseSaved) },
        summary: '保存本企业信息（完善后解除“信息未完善”状态）',
        body: enterpriseMineInput,
      },
      config: { permission: 'enterprise.edit', audit: { module: '企业信息', kind: 'edit' } },
    },
    async (req) => {
      const actor = await actorOf(req);
      if (actor.kind !== 'enterprise') throw notFound('企业不存在');
      const { version, ...fields } = req.body;
      const newVersion = await req.tx(
        (trx) => saveEnterprise(trx, actor, actor.orgId, version, fields, clock.now()),
        { targetId: actor.orgId },
      );
      return ok({ id: actor.orgId, version: newVersion, infoComplete: true }, '企业信息已保存');
    },
  );

  r.post(
    '/api/enterprise/params',
    {
      schema: {
        tags: ['enterprise'],
        response: { 200: envelope(enterpriseParamsState) },
        summary: '企业参数（来源：1系统判断 2手动录入）及当前评分',
        querystring: idQuery,
      },
      config: { permission: 'enterprise.get' },
    },
    async (req) => ok(await getParams(app.db, await actorOf(req), req.query.id, clock.now())),
  );

  r.post(
    '/api/enterprise/saveParams',
    {
      schema: {
        tags: ['enterprise'],
        response: { 200: envelope(enterpriseScored) },
        summary: '保存企业参数并重新评分（监管部门）',
        body: enterpriseParamsInput,
      },
      config: { permission: 'enterprise.edit', audit: { module: '企业参数', kind: 'edit' } },
    },
    async (req) => {
      const actor = await actorOf(req);
      const res = await req.tx((trx) => saveParams(trx, actor, req.body, clock.now()), {
        targetId: req.body.id,
      });
      return ok({ id: req.body.id, ...res }, '保存成功');
    },
  );

  r.post(
    '/api/enterprise/scoreHistory',
    {
      schema: {
        tags: ['enterprise'],
        response: { 200: envelope(z.object({ page: paged(enterpriseScoreRow) })) },
        summary: '企业评分历史',
        querystring: pageQuery.extend({ id: z.coerce.number().int().positive() }).strict(),
      },
      config: { permission: 'enterprise.get' },
    },
    async (req) => ok({ page: await scoreHistory(app.db, await actorOf(req), req.query.id, req.query) }),
  );

  r.post(
    '/api/enterprise/rescore',
    {
      schema: {
        tags: ['enterprise'],
        response: { 200: envelope(enterpriseScored) },
        summary: '按当前参数重新计算企业评分（监管部门）',
        querystring: idQuery,
      },
      config: { permission: 'enterprise.edit', audit: { module: '企业评分', kind: 'edit' } },
    },
    async (req) => {
      const actor = await actorOf(req);
      const res = await req.tx((trx) => rescoreInScope(trx, actor, req.query.id, clock.now()), {
        targetId: req.query.id,
      });
      return ok({ id: req.query.id, ...res }, '评分已更新');
    },
  );

  r.post(
    '/api/enterprise/export',
    {
      schema: {
        tags: ['enterprise'],
        response: { 200: xlsxResponse('企业 .xlsx') },
        summary: '导出企业列表 .xlsx（手机号脱敏）',
        querystring: enterpriseExportQuery,
      },
      config: { permission: 'enterprise.export', audit: { module: '企业管理', kind: 'export' } },
    },
    async (req, reply) => {
      const actor = await actorOf(req);
      const now = clock.now();
      // Counted first (up to the cap + 1), then streamed page by page: memory stays flat (issue 18).
      const total = await app.reads.run(req, (db) =>
        countEnterpriseExport(db, actor, req.query, now, EXPORT_ROW_CAP + 1),
      );
      if (total > EXPORT_ROW_CAP)
        throw badRequest(`导出行数超过${EXPORT_ROW_CAP}行，请增加筛选条件后分批导出`);
      req.auditTarget = `${total}行`;
      return sendXlsxStream(reply, '企业列表.xlsx', [
        {
          name: '企业列表',
          columns: ENTERPRISE_COLUMNS,
          rows: exportEnterpriseRows(
            (work) => app.reads.run(req, work),
            actor,
            req.query,
            now,
            EXPORT_ROW_CAP,
          ),
        },
      ]);
    },
  );

  r.post(
    '/api/enterprise/importTemplate',
    {
      schema: {
        tags: ['enterprise'],
        response: { 200: xlsxResponse('应保企业台账导入模板 .xlsx') },
        summary: '应保企业台账导入模板 .xlsx',
      },
      config: { permission: 'enterprise.import' },
    },
    async (_req, reply) => {
      const example = Object.fromEntries(IMPORT_COLUMNS.map((c) => [c.header, c.example]));
      const buf = await buildXlsx<Record<string, string>>(
        '应保企业台账',
        IMPORT_COLUMNS.map((c) => ({
          header: c.header,
          width: 20,
          value: (row) => row[c.header] ?? '',
        })),
        [example],
      );
      return sendXlsx(reply, '应保企业台账导入模板.xlsx', buf);
    },
  );

  // The import takes a multipart upload; the parser is registered in this scope only.
  app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { files: 1, parts: 3, fields: 2, fileSize: IMPORT_MAX_BYTES, headerPairs: 100 },
      throwFileSizeLimit: true,
    });
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null, undefined));
    const s = scope.withTypeProvider<ZodTypeProvider>();
    s.post(
      '/api/enterprise/import',
      {
        schema: {
          tags: ['enterprise'],
          response: { 200: envelope(enterpriseImported) },
          summary: '导入应保企业台账 .xlsx（字段 file；任一行有误则全部不导入并返回逐行错误）',
          consumes: ['multipart/form-data'],
        },
        config: { permission: 'enterprise.import', audit: { module: '企业管理', kind: 'import' } },
      },
      async (req) => {
        const actor = await actorOf(req);
        const buf = await uploadedXlsx(req, IMPORT_MAX_BYTES);
        const { headers, rows } = await readXlsx(buf);
        const { parsed, errors } = parseRegisterRows(headers, rows, actor);
        if (errors.length) importFailed(errors);
        const res = await req.tx(async (trx) => {
          const out = await importRegister(trx, actor, parsed, clock.now());
          // A conflict found while writing rolls the whole import back.
          if (out.errors.length) importFailed(out.errors);
          return out;
        });
        req.auditTarget = `${parsed.length}行`;
        return ok(
          { created: res.created, marked: res.marked, rows: parsed.length },
          `导入成功：新增${res.created}家，已有企业列入台账${res.marked}家`,
        );
      },
    );
  });
}

const ENTERPRISE_COLUMNS = [
  { header: '企业名称', width: 32, value: (r: EnterpriseRow) => r.name },
  { header: '统一社会信用代码', width: 22, value: (r: EnterpriseRow) => r.uscc },
  { header: '所属区县', value: (r: EnterpriseRow) => r.districtName },
  // The list's 安责险行业 is the industry field (领域); the code may name a sub-industry within it.
  { header: '安责险行业领域', value: (r: EnterpriseRow) => r.wsIndustryName },
  { header: '安责险行业代码', value: (r: EnterpriseRow) => r.wsIndustryCode },
  { header: '国民经济行业代码', value: (r: EnterpriseRow) => r.gbIndustryCode },
  { header: '从业人员总数', value: (r: EnterpriseRow) => r.employees },
  { header: '经营状态', value: (r: EnterpriseRow) => optionLabel(OPERATING_STATUS, r.operatingStatus) },
  { header: '法定代表人', value: (r: EnterpriseRow) => r.legalName },
  { header: '法定代表人手机', value: (r: EnterpriseRow) => r.legalMobile },
  { header: '安全负责人', value: (r: EnterpriseRow) => r.safetyName },
  { header: '安全负责人手机', value: (r: EnterpriseRow) => r.safetyMobile },
  { header: '标准化等级', value: (r: EnterpriseRow) => optionLabel(STD_GRADES, r.stdGrade) },
  { header: '是否应保', value: (r: EnterpriseRow) => (r.mustInsure ? '是' : '否') },
  { header: '是否在保', value: (r: EnterpriseRow) => (r.insuredNow ? '是' : '否') },
  { header: '评分', value: (r: EnterpriseRow) => r.score },
  { header: '评分等级', value: (r: EnterpriseRow) => optionLabel(SCORE_GRADES, r.scoreGrade ?? 0) },
  // The enterprise risk of the rule table, the same label as GovRiskQuery and its export.
  { header: '风险等级', value: (r: EnterpriseRow) => r.riskLevelLabel },
  { header: '黑名单', value: (r: EnterpriseRow) => (r.blacklist ? '是' : '否') },
];
