import {
  envelope,
  overviewQuery,
  paged,
  portalStats,
  preventionOverview,
  providerSummaryQuery,
  providerSummaryRow,
  statementQuery,
  statement as statementSchema,
  workbench as workbenchSchema,
  xlsxResponse,
} from '@aqzrx/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope.ts';
import { notFound } from '../../platform/errors.ts';
import { requireAuth } from '../../platform/http.ts';
import { sendXlsxStream } from '../../platform/xlsx.ts';
import { statementSheets } from './export.ts';
import { type PrevActor, prevActor } from './scope.ts';
import { overview, portalFigures, providerSummary, statement, workbench } from './stats.service.ts';

const TAGS = ['prevention'];

function providerOnly(a: PrevActor) {
  if (a.kind !== 'service' && a.kind !== 'expert') throw notFound();
}

/** Overview (regulator, insurer), provider summary (regulator), statement and workbench (service/expert). */
export function statsRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { clock } = app.deps;
  const actorOf = (req: FastifyRequest) => prevActor(app.db, requireAuth(req));

  r.post(
    '/api/prevention/overview',
    {
      schema: {
        tags: TAGS,
        summary:
          '事故预防监管概览（按区县、服务项目、月份的计划与完成，服务企业与投保企业，费用计提与支出，隐患发现与整改）',
        querystring: overviewQuery,
        response: { 200: envelope(preventionOverview) },
      },
      config: { permission: 'ap.query' },
    },
    async (req) => {
      const a = await actorOf(req);
      if (a.kind !== 'government' && a.kind !== 'insurer') throw notFound();
      return ok(await overview(app.db, a, req.query, clock.now()));
    },
  );

  r.post(
    '/api/prevention/providerSummary',
    {
      schema: {
        tags: TAGS,
        summary: '服务机构服务情况（项目、服务、企业、支出、隐患、回访评价）',
        querystring: providerSummaryQuery,
        response: { 200: envelope(paged(providerSummaryRow)) },
      },
      config: { permission: 'ap.query' },
    },
    async (req) => {
      const a = await actorOf(req);
      if (a.kind !== 'government') throw notFound();
      return ok(await providerSummary(app.db, a, req.query, clock.now()));
    },
  );

  r.post(
    '/api/prevention/statement',
    {
      schema: {
        tags: TAGS,
        summary: '服务报表（服务机构/专家：按月份、服务项目或被服务单位统计服务与支出）',
        querystring: statementQuery,
        response: { 200: envelope(statementSchema) },
      },
      config: { permission: 'statement.query' },
    },
    async (req) => {
      const a = await actorOf(req);
      providerOnly(a);
      return ok(await statement(app.db, a, req.query));
    },
  );

  r.get(
    '/api/prevention/statement/export',
    {
      schema: {
        tags: TAGS,
        summary: '导出服务报表 .xlsx',
        querystring: statementQuery,
        response: { 200: xlsxResponse('服务报表工作簿') },
      },
      config: { permission: 'statement.export', audit: { module: '服务报表', kind: 'export' } },
    },
    async (req, reply) => {
      const a = await actorOf(req);
      providerOnly(a);
      const s = await statement(app.db, a, req.query);
      return sendXlsxStream(reply, `${s.year}年服务报表.xlsx`, statementSheets(s));
    },
  );

  r.post(
    '/api/prevention/workbench',
    {
      schema: {
        tags: TAGS,
        summary: '服务机构/专家工作台（今日服务、逾期计划、各状态数量）',
        response: { 200: envelope(workbenchSchema) },
      },
      config: { permission: 'dashboard.query' },
    },
    async (req) => {
      const a = await actorOf(req);
      providerOnly(a);
      return ok(await workbench(app.db, a, clock.now()));
    },
  );

  r.get(
    '/api/public/apStats',
    {
      schema: {
        tags: ['portal'],
        summary:
          '门户事故预防数据（已完成服务、服务企业、发现隐患、已整改隐患、重大隐患、整改率、服务支出；隐患按规范第4节编码统计）',
        response: { 200: envelope(portalStats) },
      },
      config: { permission: 'public' },
    },
    async () => {
      const f = await portalFigures(app.db);
      return ok({
        items: [
          { name: 'apServices', label: '预防服务', value: f.services, unit: '次' },
          { name: 'apEnterprises', label: '服务企业', value: f.enterprises, unit: '家' },
          { name: 'apHazards', label: '发现隐患', value: f.hazardStats.total, unit: '条' },
          {
            name: 'apHazardsRectified',
            label: '已整改隐患',
            value: f.hazardStats.generalRectified + f.hazardStats.majorRectified,
            unit: '条',
          },
          { name: 'apMajorHazards', label: '重大隐患', value: f.hazardStats.major, unit: '条' },
          { name: 'apRectifyRate', label: '隐患整改率', value: f.hazardStats.rectifyRate, unit: '%' },
          { name: 'apSpend', label: '事故预防费用支出', value: f.spend, unit: '元' },
        ],
      });
    },
  );
}
