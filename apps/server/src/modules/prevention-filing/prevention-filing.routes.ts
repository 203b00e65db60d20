import {
  envelope,
  fileResponse,
  formatChinaTime,
  idQuery,
  PREVENTION_FILING_STATUS,
  paged,
  preventionFilingDetail,
  preventionFilingExportQuery,
  preventionFilingInput,
  preventionFilingListQuery,
  preventionFilingReviewInput,
  preventionFilingRow,
  SERVICE_ITEMS,
  xlsxResponse,
} from '@aqzrx/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { resolveActor } from '../../platform/actor.ts';
import { ok } from '../../platform/envelope.ts';
import { requireAuth } from '../../platform/http.ts';
import { withIdempotency } from '../../platform/idempotency.ts';
import { buildXlsx, EXPORT_ROW_CAP, sendXlsx } from '../../platform/xlsx.ts';
import { sendRecordFile } from '../training/index.ts';
import {
  addFiling,
  capRatioOf,
  exportFilings,
  fileableYears,
  filingFiles,
  getFiling,
  listFilings,
  reviewFiling,
} from './prevention-filing.service.ts';

const F = '/api/preventionFiling';
const MODULE = '事故预防-预防计划备案';
const addedEnvelope = envelope(z.object({ id: z.number().int(), versionNo: z.number().int() }));

/**
 * Insurers' yearly prevention plan filings (服务申请 → 预防计划): the insurer files (ap.*), the regulator
 * reviews (apPlan.*). Route table: README.md.
 */
export function preventionFilingRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { clock, storage, settings } = app.deps;
  const actorOf = async (req: FastifyRequest) => resolveActor(app.db, requireAuth(req));
  const capRatio = async () => capRatioOf({ insurance: await settings.get('insurance') });

  r.post(
    `${F}/rules`,
    {
      schema: {
        tags: ['preventionFiling'],
        summary: '备案规则：预防费用预算占预计保费的上限和可备案的年度（表单与服务器同样校验）',
        response: {
          200: envelope(z.object({ capRatio: z.number(), capPct: z.number(), years: z.array(z.number()) })),
        },
      },
      config: { permission: 'ap.query' },
    },
    async () => {
      const cap = await capRatio();
      return ok({ capRatio: cap, capPct: Math.round(cap * 10_000) / 100, years: fileableYears(clock.now()) });
    },
  );

  r.post(
    `${F}/list`,
    {
      schema: {
        tags: ['preventionFiling'],
        summary: '本机构的年度预防计划备案（每个年度显示最新版本）',
        querystring: preventionFilingListQuery,
        response: { 200: envelope(paged(preventionFilingRow)) },
      },
      config: { permission: 'ap.query' },
    },
    async (req) => ok(await listFilings(app.db, await actorOf(req), 'insurer', req.query)),
  );

  r.post(
    `${F}/detail`,
    {
      schema: {
        tags: ['preventionFiling'],
        summary: '年度预防计划备案详情（保险机构；含该年度的全部版本）',
        querystring: idQuery,
        response: { 200: envelope(preventionFilingDetail) },
      },
      config: { permission: 'ap.get' },
    },
    async (req) => ok(await getFiling(app.db, await actorOf(req), 'insurer', req.query.id)),
  );

  r.post(
    `${F}/add`,
    {
      schema: {
        tags: ['preventionFiling'],
        summary:
          '提交年度预防计划备案（保险机构；同一年度再次提交为新版本，须指明所修订的最新版本；可带 Idempotency-Key），辖区监管部门收到待办',
        body: preventionFilingInput,
        response: { 200: addedEnvelope },
      },
      config: { permission: 'ap.add', audit: { module: MODULE, kind: 'add' } },
    },
    async (req, reply) => {
      const auth = requireAuth(req);
      const actor = await actorOf(req);
      const cap = await capRatio();
      return withIdempotency(app.db, req, reply, { now: clock.now(), required: false }, (remember) =>
        req.tx(
          async (trx) => {
            const res = await addFiling(trx, auth, actor, req.body, cap, clock.now());
            return remember(trx, ok(res, `已提交第${res.versionNo}版备案，请等待监管部门审核`));
          },
          { targetId: (res) => res.data.id },
        ),
      );
    },
  );

  r.post(
    `${F}/govList`,
    {
      schema: {
        tags: ['preventionFiling'],
        summary: '辖区保险机构的年度预防计划备案（监管部门；每个机构年度显示最新版本）',
        querystring: preventionFilingListQuery,
        response: { 200: envelope(paged(preventionFilingRow)) },
      },
      config: { permission: 'apPlan.query' },
    },
    async (req) => ok(await listFilings(app.db, await actorOf(req), 'regulator', req.query)),
  );

  r.post(
    `${F}/govDetail`,
    {
      schema: {
        tags: ['preventionFiling'],
        summary: '年度预防计划备案详情（监管部门；含该年度的全部版本）',
        querystring: idQuery,
        response: { 200: envelope(preventionFilingDetail) },
      },
      config: { permission: 'apPlan.get' },
    },
    async (req) => ok(await getFiling(app.db, await actorOf(req), 'regulator', req.query.id)),
  );

  r.post(
    `${F}/review`,
    {
      schema: {
        tags: ['preventionFiling'],
        summary: '审核年度预防计划备案（监管部门：备案通过，或退回并填写原因），保险机构收到消息',
        body: preventionFilingReviewInput,
        response: { 200: envelope(z.object({ status: z.enum(PREVENTION_FILING_STATUS.values) })) },
      },
      config: { permission: 'apPlan.edit', audit: { module: MODULE, kind: 'edit' } },
    },
    async (req) => {
      const actor = await actorOf(req);
      const status = await req.tx((trx) => reviewFiling(trx, actor, req.body, clock.now()), {
        targetId: req.body.id,
      });
      return ok({ status }, req.body.approve ? '已备案' : '已退回');
    },
  );

  r.get(
    `${F}/govExport`,
    {
      schema: {
        tags: ['preventionFiling'],
        summary: '导出辖区年度预防计划备案 .xlsx（监管部门）',
        querystring: preventionFilingExportQuery,
        response: { 200: xlsxResponse('年度预防计划备案 .xlsx') },
      },
      config: { permission: 'apPlan.export', audit: { module: MODULE, kind: 'export' } },
    },
    async (req, reply) => {
      const rows = await exportFilings(app.db, await actorOf(req), 'regulator', req.query, EXPORT_ROW_CAP);
      const buf = await buildXlsx<(typeof rows)[number]>(
        '年度预防计划备案',
        [
          { header: '保险机构', width: 32, value: (f) => f.insurerName },
          { header: '年度', width: 8, value: (f) => f.year },
          { header: '版本', width: 8, value: (f) => `第${f.versionNo}版` },
          { header: '服务区县', width: 28, value: (f) => f.districtNames },
          ...SERVICE_ITEMS.map((item) => ({
            header: `${item.label}（次）`,
            width: 14,
            value: (f: (typeof rows)[number]) => f.plannedServices[item.value] ?? 0,
          })),
          { header: '计划服务合计（次）', width: 12, value: (f) => f.plannedTotal },
          { header: '预计保费（元）', width: 16, value: (f) => f.expectedPremium },
          { header: '预防费用预算（元）', width: 16, value: (f) => f.budgetAmount },
          { header: '预算占比（%）', width: 12, value: (f) => f.budgetRatioPct },
          { header: '状态', width: 10, value: (f) => f.statusLabel },
          { header: '提交时间', width: 18, value: (f) => formatChinaTime(f.submittedAt) },
          { header: '审核时间', width: 18, value: (f) => formatChinaTime(f.reviewedAt) },
          { header: '审核意见', width: 30, value: (f) => f.reviewRemark },
        ],
        rows,
      );
      return sendXlsx(
        reply.header('x-export-rows', String(rows.length)),
        '年度预防计划备案.xlsx',
        buf,
        'prevention-filings.xlsx',
      );
    },
  );

  r.get(
    `${F}/file`,
    {
      schema: {
        tags: ['preventionFiling'],
        summary: '下载预防计划文件（本机构的备案，或辖区监管部门）',
        querystring: z
          .object({ id: z.coerce.number().int().positive(), fileId: z.string().max(64) })
          .strict(),
        response: { 200: fileResponse('预防计划文件') },
      },
      config: { permission: 'ap.get' },
    },
    async (req, reply) => {
      const files = await filingFiles(app.db, await actorOf(req), req.query.id);
      return sendRecordFile(app.db, storage, reply, req.query.fileId, files);
    },
  );
}
