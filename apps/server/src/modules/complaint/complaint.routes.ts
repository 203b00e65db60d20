import {
  complaintAcceptInput,
  complaintCloseInput,
  complaintConfirmInput,
  complaintCreateInput,
  complaintDetail,
  complaintExtendDecideInput,
  complaintExtendInput,
  complaintFileQuery,
  complaintGovInput,
  complaintListFilters,
  complaintListQuery,
  complaintNoteInput,
  complaintReassignInput,
  complaintRelated,
  complaintRelatedQuery,
  complaintReplyInput,
  complaintRow,
  complaintStats,
  complaintStatsQuery,
  complaintTarget,
  complaintTargetQuery,
  complaintVerifyInput,
  envelope,
  fileResponse,
  idQuery,
  paged,
  xlsxResponse,
} from '@aqzrx/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Tx } from '../../platform/context.ts';
import { ok } from '../../platform/envelope.ts';
import { badRequest } from '../../platform/errors.ts';
import { requireAuth } from '../../platform/http.ts';
import { createOnce } from '../../platform/idempotency.ts';
import { decryptPhone } from '../../platform/pii.ts';
import { sendXlsxStream } from '../../platform/xlsx.ts';
import { sendAttachment } from '../enterprise/index.ts';
import {
  complaintInScope,
  complaintDetail as detailOf,
  listComplaints,
  rowContext,
} from './complaint.repo.ts';
import {
  type Acting,
  acceptComplaint,
  closeComplaint,
  confirmComplaint,
  createComplaint,
  decideExtension,
  extendComplaint,
  noteComplaint,
  reassignComplaint,
  rehandleComplaint,
  replyComplaint,
  takeOverComplaint,
  verifyComplaint,
} from './complaint.service.ts';
import { complaintExportSheets, complaintStatistics } from './export.ts';
import { complaintTargets, relatedRecords } from './related.ts';
import { type CpActor, cpActor } from './scope.ts';

export const MODULE = '投诉管理';
const TAGS = ['complaint'];
const idVersion = envelope(z.object({ id: z.number(), version: z.number() }));

function complainant(a: CpActor) {
  if (a.kind === 'enterprise' || a.kind === 'insurer' || a.kind === 'service' || a.kind === 'expert')
    return a;
  throw badRequest('只有企业、保险机构、服务机构和专家可以提交投诉');
}

/** Complaints (投诉): filing, the handler's and the regulator's steps, lists, statistics (complaint.ts). */
export function complaintRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { clock, storage, settings } = app.deps;
  const actorOf = (req: FastifyRequest) => cpActor(app.db, requireAuth(req));

  // The complainant's number, in full for whoever may open the complaint (P04).
  app.piiReveals.register('complaint', 'complaint.get', {
    contactPhone: async (db, auth, id) =>
      decryptPhone((await complaintInScope(db, await cpActor(db, auth), id)).contactPhoneEnc),
  });
  const ctxOf = async () => rowContext(app.db, clock.now(), (await settings.get('complaint')).warnDays);

  r.post(
    '/api/complaint/targets',
    {
      schema: {
        tags: TAGS,
        summary: '可投诉的单位（保险机构、服务机构、专家）及其办理单位',
        querystring: complaintTargetQuery,
        response: { 200: envelope(z.array(complaintTarget)) },
      },
      config: { permission: 'complaint.add' },
    },
    async (req) =>
      ok(await complaintTargets(app.db, complainant(await actorOf(req)), req.query.kind, req.query.keyword)),
  );

  r.post(
    '/api/complaint/related',
    {
      schema: {
        tags: TAGS,
        summary: '投诉可关联的本单位业务记录（保单、理赔案件、事故预防服务）',
        querystring: complaintRelatedQuery,
        response: { 200: envelope(z.array(complaintRelated)) },
      },
      config: { permission: 'complaint.add' },
    },
    async (req) => {
      const rows = await relatedRecords(
        app.db,
        complainant(await actorOf(req)),
        req.query.kind,
        req.query.keyword,
      );
      return ok(rows.map(({ district: _d, ...rest }) => rest));
    },
  );

  r.post(
    '/api/complaint/add',
    {
      schema: {
        tags: TAGS,
        summary: '提交投诉（转被投诉单位、委托服务的保险机构或运营中心办理；可带 Idempotency-Key）',
        body: complaintCreateInput,
        response: { 200: envelope(z.object({ id: z.number() })) },
      },
      config: { permission: 'complaint.add', audit: { module: MODULE, kind: 'add' } },
    },
    async (req, reply) => {
      const auth = requireAuth(req);
      const actor = await actorOf(req);
      const res = await createOnce(
        app.db,
        req,
        reply,
        { now: clock.now(), required: false },
        (trx) => createComplaint(trx, auth, actor, req.body, clock.now()),
        '投诉已提交，办理单位将在受理后规定的工作日内答复',
      );
      return res as ReturnType<typeof ok<{ id: number }>>;
    },
  );

  r.post(
    '/api/complaint/list',
    {
      schema: {
        tags: TAGS,
        summary:
          '投诉列表（view=filed 本单位提交的；view=handled 本单位办理或被投诉的；监管：辖区全部；超期在前）',
        querystring: complaintListQuery,
        response: { 200: envelope(paged(complaintRow)) },
      },
      config: { permission: 'complaint.query' },
    },
    async (req) => ok(await listComplaints(app.db, await actorOf(req), req.query, await ctxOf())),
  );

  r.get(
    '/api/complaint/export',
    {
      schema: {
        tags: TAGS,
        summary: '导出投诉 .xlsx（筛选条件同列表）',
        querystring: complaintListFilters.strict(),
        response: { 200: xlsxResponse('投诉工作簿') },
      },
      config: { permission: 'complaint.query', audit: { module: MODULE, kind: 'export' } },
    },
    async (req, reply) =>
      sendXlsxStream(
        reply,
        '投诉.xlsx',
        complaintExportSheets(app.db, await actorOf(req), req.query, await ctxOf()),
      ),
  );

  r.post(
    '/api/complaint/stats',
    {
      schema: {
        tags: TAGS,
        summary: '投诉统计（按办理单位、类别、月份；按时答复率；满意率）',
        querystring: complaintStatsQuery,
        response: { 200: envelope(complaintStats) },
      },
      config: { permission: 'complaint.query' },
    },
    async (req) => ok(await complaintStatistics(app.db, await actorOf(req), req.query, clock.now())),
  );

  r.post(
    '/api/complaint/detail',
    {
      schema: {
        tags: TAGS,
        summary: '投诉详情（办理过程；投诉人看不到内部记录；当前可执行的操作）',
        querystring: idQuery,
        response: { 200: envelope(complaintDetail) },
      },
      config: { permission: 'complaint.get' },
    },
    async (req) => {
      const a = await actorOf(req);
      const row = await complaintInScope(app.db, a, req.query.id);
      return ok(await detailOf(app.db, a, row, await ctxOf()));
    },
  );

  r.get(
    '/api/complaint/file',
    {
      schema: {
        tags: TAGS,
        summary: '投诉或答复的附件',
        querystring: complaintFileQuery,
        response: { 200: fileResponse('附件（Content-Type 为文件的类型）', '*/*') },
      },
      config: { permission: 'complaint.get' },
    },
    async (req, reply) => {
      const row = await complaintInScope(app.db, await actorOf(req), req.query.id);
      return sendAttachment(app.db, storage, reply, req.query.fileId, [
        ...row.attachments,
        ...row.replyAttachments,
      ]);
    },
  );

  /** One handling step: in the request's transaction, audited, answering the new version. */
  const step = <B extends { id: number; version: number }>(
    path: string,
    summary: string,
    body: z.ZodType<B>,
    permission: 'complaint.edit' | 'complaint.add',
    message: string,
    run: (x: Acting, body: B, req: FastifyRequest) => Promise<number>,
  ) =>
    r.post(
      path,
      {
        schema: { tags: TAGS, summary, body, response: { 200: idVersion } },
        config: { permission, audit: { module: MODULE, kind: 'edit' } },
      },
      async (req) => {
        const actor = await actorOf(req);
        const timers = await settings.get('complaint');
        const b = req.body as B;
        const version = await req.tx((trx: Tx) => run({ trx, actor, now: clock.now(), timers }, b, req), {
          targetId: b.id,
        });
        return ok({ id: b.id, version }, message);
      },
    );

  step(
    '/api/complaint/accept',
    '受理投诉（答复期限开始：10个工作日）',
    complaintAcceptInput,
    'complaint.edit',
    '已受理',
    (x, b) => acceptComplaint(x, b),
  );
  step(
    '/api/complaint/verify',
    '标记需核实（答复期限为受理后30个工作日）',
    complaintVerifyInput,
    'complaint.edit',
    '已标记需核实',
    (x, b) => verifyComplaint(x, b),
  );
  step(
    '/api/complaint/note',
    '添加办理记录（内部记录投诉人不可见）',
    complaintNoteInput,
    'complaint.edit',
    '已记录',
    (x, b) => noteComplaint(x, b),
  );
  step(
    '/api/complaint/reply',
    '答复投诉（调查核实的事实、处理依据、处理措施）',
    complaintReplyInput,
    'complaint.edit',
    '已答复，等待投诉人确认',
    (x, b, req) => replyComplaint(x, requireAuth(req), b),
  );
  step(
    '/api/complaint/extend',
    '申请延期答复（一次，不超过30天，理由告知投诉人）',
    complaintExtendInput,
    'complaint.edit',
    '延期申请已提交监管部门审批',
    (x, b) => extendComplaint(x, b),
  );
  step(
    '/api/complaint/extend/decide',
    '审批延期申请（监管部门）',
    complaintExtendDecideInput,
    'complaint.edit',
    '已审批',
    (x, b) => decideExtension(x, b),
  );
  step(
    '/api/complaint/confirm',
    '投诉人确认办理结果（满意办结；不满意要求重新办理或提请监管部门处理）',
    complaintConfirmInput,
    'complaint.add',
    '已确认',
    (x, b) => confirmComplaint(x, b),
  );
  step('/api/complaint/takeOver', '监管部门接办投诉', complaintGovInput, 'complaint.edit', '已接办', (x, b) =>
    takeOverComplaint(x, b),
  );
  step(
    '/api/complaint/reassign',
    '监管部门转办投诉',
    complaintReassignInput,
    'complaint.edit',
    '已转办',
    (x, b) => reassignComplaint(x, b),
  );
  step(
    '/api/complaint/rehandle',
    '监管部门责令重新办理',
    complaintGovInput,
    'complaint.edit',
    '已责令重新办理',
    (x, b) => rehandleComplaint(x, b),
  );
  step('/api/complaint/close', '监管部门办结投诉', complaintCloseInput, 'complaint.edit', '已办结', (x, b) =>
    closeComplaint(x, b),
  );
}
