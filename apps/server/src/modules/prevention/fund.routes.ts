import {
  envelope,
  fundAccrueInput,
  fundDetail,
  fundDetailQuery,
  fundExportQuery,
  fundListQuery,
  fundReverseInput,
  fundRow,
  fundSpendInput,
  fundWriteOffInput,
  paged,
  xlsxResponse,
} from '@aqzrx/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/envelope.ts';
import { badRequest } from '../../platform/errors.ts';
import { requireAuth } from '../../platform/http.ts';
import { EXPORT_ROW_CAP, sendXlsxStream } from '../../platform/xlsx.ts';
import { fundExportSheets } from './export.ts';
import {
  accrueFund,
  exportFunds,
  getFund,
  listFunds,
  reverseEntry,
  spendFund,
  writeOffFund,
} from './fund.service.ts';
import { prevActor } from './scope.ts';

const TAGS = ['prevention'];
const MODULE = '事故预防费用台账';

/** The prevention fund ledger (事故预防费用台账): insurer writes, insurer and regulator read and export. */
export function fundRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { clock, settings } = app.deps;
  const actorOf = (req: FastifyRequest) => prevActor(app.db, requireAuth(req));

  r.post(
    '/api/prevention/fund/list',
    {
      schema: {
        tags: TAGS,
        summary: '事故预防费用台账（每张保单每家保险机构一本：已计提、已支出、可使用、状态）',
        querystring: fundListQuery,
        response: { 200: envelope(paged(fundRow)) },
      },
      config: { permission: 'ap.query' },
    },
    async (req) => ok(await listFunds(app.db, await actorOf(req), req.query)),
  );

  r.post(
    '/api/prevention/fund/detail',
    {
      schema: {
        tags: TAGS,
        summary: '台账明细（计提、支出、冲正、核销记录，只增不删）',
        querystring: fundDetailQuery,
        response: { 200: envelope(fundDetail) },
      },
      config: { permission: 'ap.get' },
    },
    async (req) => ok(await getFund(app.db, await actorOf(req), req.query.id)),
  );

  r.get(
    '/api/prevention/fund/export',
    {
      schema: {
        tags: TAGS,
        summary: '导出事故预防费用台账 .xlsx（台账与明细两张工作表）',
        querystring: fundExportQuery,
        response: { 200: xlsxResponse('费用台账工作簿') },
      },
      config: { permission: 'ap.export', audit: { module: MODULE, kind: 'export' } },
    },
    async (req, reply) => {
      const { funds, entries } = await exportFunds(app.db, await actorOf(req), req.query, EXPORT_ROW_CAP + 1);
      if (funds.length > EXPORT_ROW_CAP)
        throw badRequest(`导出行数超过${EXPORT_ROW_CAP}行，请增加筛选条件后分批导出`);
      req.auditTarget = `${funds.length}本台账`;
      return sendXlsxStream(reply, '事故预防费用台账.xlsx', fundExportSheets(funds, entries));
    },
  );

  r.post(
    '/api/prevention/fund/accrue',
    {
      schema: {
        tags: TAGS,
        summary: '计提事故预防费用（实收保费×比例，比例不得高于上限设置）',
        body: fundAccrueInput,
        response: { 200: envelope(z.object({ id: z.number(), version: z.number() })) },
      },
      config: { permission: 'ap.edit', audit: { module: MODULE, kind: 'add' } },
    },
    async (req) => {
      const actor = await actorOf(req);
      const cap = (await settings.get('insurance')).preventionFeeCapPct;
      const res = await req.tx((trx) => accrueFund(trx, actor, req.body, cap, clock.now()), {
        targetId: req.body.policyId,
      });
      return ok(res, '已计提');
    },
  );

  r.post(
    '/api/prevention/fund/spend',
    {
      schema: {
        tags: TAGS,
        summary: '登记事故预防费用支出（合计不得超过已计提金额）',
        body: fundSpendInput,
        response: { 200: envelope(z.object({ id: z.number() })) },
      },
      config: { permission: 'ap.edit', audit: { module: MODULE, kind: 'add' } },
    },
    async (req) => {
      const actor = await actorOf(req);
      const res = await req.tx((trx) => spendFund(trx, actor, req.body, clock.now()), {
        targetId: req.body.policyId,
      });
      return ok({ id: res.id }, '支出已登记');
    },
  );

  r.post(
    '/api/prevention/fund/reverse',
    {
      schema: {
        tags: TAGS,
        summary: '冲正台账记录（更正只能以冲正记录进行，原记录保留）',
        body: fundReverseInput,
        response: { 200: envelope(z.object({ id: z.number() })) },
      },
      config: { permission: 'ap.edit', audit: { module: MODULE, kind: 'add' } },
    },
    async (req) => {
      const actor = await actorOf(req);
      const res = await req.tx((trx) => reverseEntry(trx, actor, req.body, clock.now()), {
        targetId: req.body.entryId,
      });
      return ok(res, '已冲正');
    },
  );

  r.post(
    '/api/prevention/fund/writeOff',
    {
      schema: {
        tags: TAGS,
        summary: '核销事故预防费用（保单期满后；需提供 version）',
        body: fundWriteOffInput,
        response: { 200: envelope(z.object({ id: z.number(), version: z.number() })) },
      },
      config: { permission: 'ap.edit', audit: { module: MODULE, kind: 'edit' } },
    },
    async (req) => {
      const actor = await actorOf(req);
      const res = await req.tx((trx) => writeOffFund(trx, actor, req.body, clock.now()), {
        targetId: req.body.id,
      });
      return ok(res, '已核销');
    },
  );
}
