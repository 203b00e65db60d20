import {
  alarmAckInput,
  alarmItem,
  alarmQuery,
  envelope,
  paged,
  riskDetailQuery,
  riskDetail as riskDetailSchema,
  riskItem,
  riskQuery,
  riskRuleSet,
  riskRulesInput,
  superviseItem,
  superviseQuery,
  xlsxResponse,
} from '@aqzrx/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/envelope.ts';
import { forbidden } from '../../platform/errors.ts';
import { requireAuth } from '../../platform/http.ts';
import { sendXlsxStream } from '../../platform/xlsx.ts';
import { governedDistricts } from '../message/index.ts';
import { ackAlarms, listAlarms } from './alarm.service.ts';
import { MODULE } from './hazard.routes.ts';
import { listRisk, listSupervised, riskDetail, riskExportSheets } from './risk.repo.ts';
import { getRuleSet, recomputeAllRisk, saveRuleSet } from './risk.service.ts';
import { hzActor, requireGov } from './scope.ts';

const TAGS = ['risk'];

/** Enterprise risk (GovRiskQuery/GovRiskDetail, the rule table), alarms (GovRP, InsuranceAlarm), 监管对象. */
export function riskRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { clock } = app.deps;
  const actorOf = (req: FastifyRequest) => hzActor(app.db, requireAuth(req));

  r.post(
    '/api/risk/list',
    {
      schema: {
        tags: TAGS,
        summary: '企业风险查询（监管部门辖区；按风险等级、区县、行业，含未整改/逾期/重大隐患数）',
        querystring: riskQuery,
        response: { 200: envelope(paged(riskItem)) },
      },
      config: { permission: 'risk.query' },
    },
    async (req) => ok(await listRisk(app.db, await actorOf(req), req.query, clock.now())),
  );

  r.get(
    '/api/risk/export',
    {
      schema: {
        tags: TAGS,
        summary: '导出企业风险 .xlsx（筛选条件同列表）',
        querystring: riskQuery,
        response: { 200: xlsxResponse('企业风险工作簿') },
      },
      config: { permission: 'risk.export', audit: { module: MODULE, kind: 'export' } },
    },
    async (req, reply) =>
      sendXlsxStream(
        reply,
        '企业风险.xlsx',
        riskExportSheets(app.db, await actorOf(req), req.query, clock.now()),
      ),
  );

  r.post(
    '/api/risk/detail',
    {
      schema: {
        tags: TAGS,
        summary: '企业风险详情（等级历史、隐患、整改时间线、接受的预防服务、理赔）',
        querystring: riskDetailQuery,
        response: { 200: envelope(riskDetailSchema) },
      },
      config: { permission: 'risk.get' },
    },
    async (req) => ok(await riskDetail(app.db, await actorOf(req), req.query.enterpriseId, clock.now())),
  );

  r.get(
    '/api/risk/rules',
    {
      schema: { tags: TAGS, summary: '风险分级规则表', response: { 200: envelope(riskRuleSet) } },
      config: { permission: 'risk.query' },
    },
    async (req) => {
      requireGov(await actorOf(req));
      return ok(await getRuleSet(app.db));
    },
  );

  r.post(
    '/api/risk/rules',
    {
      schema: {
        tags: TAGS,
        summary: '修改风险分级规则表（须填写调整原因；保存后重新评定全部企业的风险等级）',
        body: riskRulesInput,
        response: { 200: envelope(z.object({ version: z.number(), changed: z.number() })) },
      },
      config: { permission: 'risk.edit', audit: { module: MODULE, kind: 'edit' } },
    },
    async (req) => {
      const auth = requireAuth(req);
      const actor = await actorOf(req);
      requireGov(actor);
      // The rule table is city-wide: a district regulator reads it but does not change it (as settings).
      if (governedDistricts(auth.districtCodes) !== null)
        throw forbidden('区县监管账号不能修改全市的风险分级规则，请联系市级监管部门');
      const version = await req.tx((trx) => saveRuleSet(trx, actor, req.body, clock.now()), { targetId: 1 });
      const { changed } = await recomputeAllRisk(app.db, 'rules', clock.now());
      return ok({ version, changed }, `规则已保存，${changed}家企业的风险等级发生变化`);
    },
  );

  r.post(
    '/api/alarm/list',
    {
      schema: {
        tags: TAGS,
        summary: '预警信息（监管：辖区；保险机构：本机构业务），含本人及本单位的确认情况',
        querystring: alarmQuery,
        response: { 200: envelope(paged(alarmItem)) },
      },
      config: { permission: 'alarm.query' },
    },
    async (req) => ok(await listAlarms(app.db, await actorOf(req), req.query)),
  );

  r.post(
    '/api/alarm/ack',
    {
      schema: {
        tags: TAGS,
        summary: '确认预警（按用户记录，重复确认保留首次时间）',
        body: alarmAckInput,
        response: { 200: envelope(z.object({ acknowledged: z.number() })) },
      },
      config: { permission: 'alarm.edit', audit: { module: MODULE, kind: 'edit' } },
    },
    async (req) => {
      const actor = await actorOf(req);
      const n = await req.tx((trx) => ackAlarms(trx, actor, req.body, clock.now()));
      return ok({ acknowledged: n }, '已确认');
    },
  );

  r.post(
    '/api/supervise/list',
    {
      schema: {
        tags: TAGS,
        summary: '监管对象（应保未保、风险重大/较大、存在未整改重大隐患的企业及列管原因）',
        querystring: superviseQuery,
        response: { 200: envelope(paged(superviseItem)) },
      },
      config: { permission: 'supervise.query' },
    },
    async (req) => ok(await listSupervised(app.db, await actorOf(req), req.query, clock.now())),
  );
}
