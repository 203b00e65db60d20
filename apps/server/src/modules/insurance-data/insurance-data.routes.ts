import {
  chinaDate,
  DATA_GROUP_BY,
  envelope,
  type InsuranceDataset,
  insuranceDataResult,
  insuranceSummary,
  xlsxResponse,
} from '@aqzrx/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/envelope.ts';
import { requireAuth } from '../../platform/http.ts';
import { sendXlsx } from '../../platform/xlsx.ts';
import { resolveActor } from '../enterprise/index.ts';
import { buildDatasetWorkbook, buildQueryWorkbook, GROUP_TITLES } from './insurance-data.export.ts';
import {
  apData,
  claimData,
  datasetTotals,
  premiumData,
  queryData,
  summaryData,
} from './insurance-data.service.ts';

const yearField = z.coerce.number().int().min(2000, '年份不正确').max(2100, '年份不正确').optional();
const groupField = z.enum(DATA_GROUP_BY.values, '分组方式为 month、district 或 industry').default('month');
const dataQuery = z.object({ year: yearField, groupBy: groupField }).strict();

const DATASETS = {
  premium: { fn: premiumData, title: '保费数据' },
  claim: { fn: claimData, title: '理赔数据' },
  ap: { fn: apData, title: '预防数据' },
} as const;

/** Insurer data pages over its own policies and claims (lead or co-insurer), with .xlsx export. */
export function insuranceDataRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { clock } = app.deps;
  const actorOf = async (req: FastifyRequest) => resolveActor(app.db, requireAuth(req));
  const thisYear = () => Number(chinaDate(clock.now()).slice(0, 4));

  for (const [dataset, def] of Object.entries(DATASETS) as Array<
    [InsuranceDataset, (typeof DATASETS)[InsuranceDataset]]
  >) {
    r.post(
      `/api/insuranceData/${dataset}`,
      {
        schema: {
          tags: ['insuranceData'],
          summary: `${def.title}（按月份、区县或行业汇总）`,
          querystring: dataQuery,
          response: { 200: envelope(insuranceDataResult) },
        },
        config: { permission: 'insuranceData.query' },
      },
      async (req) =>
        ok(await def.fn(app.db, await actorOf(req), req.query.year ?? thisYear(), req.query.groupBy)),
    );
  }

  r.post(
    '/api/insuranceData/query',
    {
      schema: {
        tags: ['insuranceData'],
        summary: '综合查询（投保企业、保费、保额、事故预防费用、理赔案件、理赔费用）',
        querystring: z.object({ year: yearField }).strict(),
        response: { 200: envelope(insuranceSummary) },
      },
      config: { permission: 'insuranceData.query' },
    },
    async (req) =>
      ok(await summaryData(app.db, await actorOf(req), req.query.year ?? thisYear(), clock.now())),
  );

  r.post(
    '/api/insuranceData/export',
    {
      schema: {
        tags: ['insuranceData'],
        summary:
          '导出统计数据 .xlsx（premium 保费、claim 理赔、ap 预防；query 综合查询：汇总与综合数据两张工作表，含简单赔付率）',
        querystring: z
          .object({
            dataset: z.enum(
              ['premium', 'claim', 'ap', 'query'],
              '数据集为 premium、claim、ap 或 query（综合查询）',
            ),
            year: yearField,
            groupBy: groupField,
          })
          .strict(),
        response: { 200: xlsxResponse('统计数据 .xlsx') },
      },
      config: { permission: 'insuranceData.export', audit: { module: '数据统计', kind: 'export' } },
    },
    async (req, reply) => {
      const year = req.query.year ?? thisYear();
      const group = GROUP_TITLES[req.query.groupBy];
      if (req.query.dataset === 'query') {
        const data = await queryData(app.db, await actorOf(req), year, req.query.groupBy, clock.now());
        const title = `${year}年综合查询（按${group}）`;
        return sendXlsx(reply, `${title}.xlsx`, await buildQueryWorkbook(data));
      }
      const dataset = req.query.dataset;
      const def = DATASETS[dataset];
      const data = await def.fn(app.db, await actorOf(req), year, req.query.groupBy);
      const title = `${year}年${def.title}（按${group}）`;
      return sendXlsx(
        reply,
        `${title}.xlsx`,
        await buildDatasetWorkbook(def.title, data, datasetTotals(dataset, data)),
      );
    },
  );
}
