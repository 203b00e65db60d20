import {
  enterpriseOption,
  envelope,
  fileResponse,
  idEnvelope,
  type PolicyRow,
  paged,
  policyDetail,
  policyDraftInput,
  policyExportQuery,
  policyListQuery,
  policyPersonRow,
  policyPersonsQuery,
  policyPricingInput,
  policyRow,
  policyRulesView,
  policySaved,
  policySubmitInput,
  policyVersionRow,
  policyVersionSnapshot,
  xlsxResponse,
} from '@aqzrx/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { jsonListHolds } from '../../db/sql.ts';
import { ok } from '../../platform/envelope.ts';
import { badRequest, forbidden } from '../../platform/errors.ts';
import { CANDIDATE_LIMIT, someInScope } from '../../platform/file-scopes.ts';
import { requireAuth } from '../../platform/http.ts';
import { createOnce } from '../../platform/idempotency.ts';
import { EXPORT_ROW_CAP, sendXlsxStream } from '../../platform/xlsx.ts';
import { assertAttachable, idQuery, resolveActor, sendAttachment } from '../enterprise/index.ts';
import {
  countPolicyExport,
  enterpriseOptions,
  exportPolicyRows,
  getPolicy,
  inForceTotals,
  listPolicies,
  policyInScope,
  policyRules,
} from './policy.repo.ts';
import { createPolicy, editPolicy, reviewPolicy, submitPolicy } from './policy.service.ts';
import { policyVersion, policyVersions } from './policy.versions.ts';
import { listPolicyPersons } from './policy-persons.ts';

/**
 * The body of /api/policy/add: a draft needs only what identifies it (policyDraftInput); with submit=true
 * every field of policySubmitInput is required and checked, each refusal naming its field (the pricing is
 * the insurer's: see submitPolicy and reviewPolicy).
 */
const addBody = policyDraftInput.extend({ submit: z.boolean().default(false) }).superRefine((v, ctx) => {
  if (!v.submit) return;
  const { submit: _submit, ...rest } = v;
  const full = policySubmitInput.safeParse(rest);
  if (!full.success)
    for (const issue of full.error.issues)
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
});

const idVersion = z
  .object({
    id: z.coerce.number().int().positive(),
    version: z.coerce.number().int().positive('请提供数据版本号'),
  })
  .strict();

/**
 * Policies (enterprise: insurance manage/query/add/detail; insurer: policy manage add/edit/detail;
 * government: insurance, read-only). Creating requires an Idempotency-Key (a double click creates one).
 */
export function policiesRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { clock, storage, settings } = app.deps;
  const actorOf = async (req: FastifyRequest) => resolveActor(app.db, requireAuth(req));

  const totals = () => inForceTotals(app.db, clock.now());
  app.portalStats.register('insuredEnterprises', async () => (await totals()).enterprises);
  app.portalStats.register('premium', async () => (await totals()).premium);
  app.portalStats.register('sumInsured', async () => (await totals()).sumInsuredWan);
  app.portalStats.register('preventionFee', async () => (await totals()).preventionFee);
  // A policy's attachments are read (GET /api/file/:id) by whoever may read the policy.
  app.fileScopes.register('policy', async (db, auth, fileId) => {
    const holders = await db
      .selectFrom('insPolicy')
      .select('id')
      .where(jsonListHolds('attachments', fileId))
      .limit(CANDIDATE_LIMIT)
      .execute();
    if (holders.length === 0) return false;
    const actor = await resolveActor(db, auth);
    return someInScope(
      holders.map((h) => h.id),
      (id) => policyInScope(db, actor, id),
    );
  });

  r.post(
    '/api/policy/list',
    {
      schema: {
        tags: ['policy'],
        response: { 200: envelope(z.object({ page: paged(policyRow) })) },
        summary: '保单列表（企业：本企业；保险机构：承保或共保；监管部门：本辖区已出单）',
        querystring: policyListQuery,
      },
      config: { permission: 'policy.query' },
    },
    async (req) => {
      const actor = await actorOf(req);
      return ok({ page: await app.reads.run(req, (db) => listPolicies(db, actor, req.query, clock.now())) });
    },
  );

  r.post(
    '/api/policy/rules',
    {
      schema: {
        tags: ['policy'],
        response: { 200: envelope(policyRulesView) },
        summary: '投保规则（每人死亡伤残限额下限、事故预防费用比例上限；企业：新保单最早起期）',
      },
      config: { permission: 'policy.query' },
    },
    async (req) =>
      ok(await policyRules(app.db, await actorOf(req), await settings.get('insurance'), clock.now())),
  );

  r.post(
    '/api/policy/detail',
    {
      schema: {
        tags: ['policy'],
        response: { 200: envelope(policyDetail) },
        summary: '保单详情（含共保、费率浮动、可执行操作）',
        querystring: idQuery,
      },
      config: { permission: 'policy.get' },
    },
    async (req) => ok(await getPolicy(app.db, await actorOf(req), req.query.id, clock.now())),
  );

  r.post(
    '/api/policy/add',
    {
      schema: {
        tags: ['policy'],
        response: { 200: idEnvelope },
        summary:
          '新增保单/投保申请（须带 Idempotency-Key 请求头）：草稿只须保险期间和出单机构（或投保企业），其余可稍后补充；submit=true 直接提交审核，须填写完整并符合全部规则',
        body: addBody,
      },
      config: { permission: 'policy.add', audit: { module: '保单管理', kind: 'add' } },
    },
    async (req, reply) => {
      const auth = requireAuth(req);
      const actor = await resolveActor(app.db, auth);
      const { submit, ...input } = req.body;
      await assertAttachable(app.db, auth, input.attachments);
      const ins = await settings.get('insurance');
      return createOnce(
        app.db,
        req,
        reply,
        { now: clock.now(), required: true },
        (trx) => createPolicy(trx, actor, input, submit, ins, clock.now()),
        submit ? '已提交审核' : '已保存草稿',
      );
    },
  );

  r.post(
    '/api/policy/edit',
    {
      schema: {
        tags: ['policy'],
        response: { 200: envelope(policySaved) },
        summary: '修改草稿或审核不通过的保单，保存为草稿（可不完整；需提供 version）',
        body: policyDraftInput
          .extend({ id: z.number().int().positive(), version: z.number().int().positive('请提供数据版本号') })
          .strict(),
      },
      config: { permission: 'policy.edit', audit: { module: '保单管理', kind: 'edit' } },
    },
    async (req) => {
      const auth = requireAuth(req);
      const actor = await resolveActor(app.db, auth);
      const { id, version, ...input } = req.body;
      await assertAttachable(app.db, auth, input.attachments);
      const v = await req.tx((trx) => editPolicy(trx, actor, id, version, input, clock.now()), {
        targetId: id,
      });
      return ok({ id, version: v }, '保存成功');
    },
  );

  r.post(
    '/api/policy/submit',
    {
      schema: {
        tags: ['policy'],
        response: { 200: envelope(policySaved) },
        summary: '提交审核（保单须填写完整并符合全部规则）',
        querystring: idVersion,
      },
      config: { permission: 'policy.edit', audit: { module: '保单管理', kind: 'edit' } },
    },
    async (req) => {
      const actor = await actorOf(req);
      const ins = await settings.get('insurance');
      const v = await req.tx(
        (trx) => submitPolicy(trx, actor, req.query.id, req.query.version, ins, clock.now()),
        {
          targetId: req.query.id,
        },
      );
      return ok({ id: req.query.id, version: v }, '已提交审核');
    },
  );

  r.post(
    '/api/policy/review',
    {
      schema: {
        tags: ['policy'],
        response: { 200: envelope(policySaved) },
        summary:
          '审核保单（出单机构）：通过须填写保单号和定价（行业基准费率、费率浮动因子、实收保费；企业投保申请不含定价，由出单机构在此填写），不通过须填写原因',
        body: policyPricingInput
          .extend({
            id: z.number().int().positive(),
            version: z.number().int().positive('请提供数据版本号'),
            approve: z.boolean(),
            policyNo: z
              .string()
              .trim()
              .regex(/^[A-Za-z0-9_-]{1,40}$/, '保单号为1-40位字母、数字、-或_')
              .optional(),
            remark: z.string().trim().max(500).default(''),
          })
          .strict(),
      },
      config: { permission: 'policy.edit', audit: { module: '保单审核', kind: 'edit' } },
    },
    async (req) => {
      const actor = await actorOf(req);
      const v = await req.tx((trx) => reviewPolicy(trx, actor, req.body, clock.now()), {
        targetId: req.body.id,
      });
      return ok({ id: req.body.id, version: v }, req.body.approve ? '审核通过，保单已出单' : '已退回');
    },
  );

  r.post(
    '/api/policy/persons',
    {
      schema: {
        tags: ['policy'],
        response: { 200: envelope(z.object({ page: paged(policyPersonRow) })) },
        summary: '参保人员名单（证件号码脱敏；关键字为姓名或完整证件号码；all=true 含已减少人员）',
        querystring: policyPersonsQuery,
      },
      config: { permission: 'policy.get' },
    },
    async (req) => {
      await policyInScope(app.db, await actorOf(req), req.query.id);
      return ok({ page: await listPolicyPersons(app.db, req.query) });
    },
  );

  r.post(
    '/api/policy/versions',
    {
      schema: {
        tags: ['policy'],
        response: { 200: envelope(z.array(policyVersionRow)) },
        summary: '保单版本（出单与每次批改后的快照）',
        querystring: idQuery,
      },
      config: { permission: 'policy.get' },
    },
    async (req) => ok(await policyVersions(app.db, await actorOf(req), req.query.id)),
  );

  r.post(
    '/api/policy/version',
    {
      schema: {
        tags: ['policy'],
        response: { 200: envelope(policyVersionSnapshot) },
        summary: '某一版本的保单快照',
        querystring: z
          .object({ id: z.coerce.number().int().positive(), version: z.coerce.number().int().positive() })
          .strict(),
      },
      config: { permission: 'policy.get' },
    },
    async (req) => ok(await policyVersion(app.db, await actorOf(req), req.query.id, req.query.version)),
  );

  r.post(
    '/api/policy/enterpriseOptions',
    {
      schema: {
        tags: ['policy'],
        response: { 200: envelope(z.array(enterpriseOption)) },
        summary: '按名称或统一社会信用代码查找投保企业（保险机构录入保单）',
        querystring: z.object({ keyword: z.string().trim().min(2, '请至少输入2个字').max(100) }).strict(),
      },
      config: { permission: 'policy.add' },
    },
    async (req) => {
      const actor = await actorOf(req);
      if (actor.kind !== 'insurer') throw forbidden('仅保险机构录入保单时查找投保企业');
      return ok(await enterpriseOptions(app.db, req.query.keyword));
    },
  );

  r.get(
    '/api/policy/file',
    {
      schema: {
        tags: ['policy'],
        response: { 200: fileResponse('附件内容（Content-Type 为文件的类型）', '*/*') },
        summary: '下载保单附件',
        querystring: z
          .object({ id: z.coerce.number().int().positive(), fileId: z.string().max(64) })
          .strict(),
      },
      config: { permission: 'policy.get' },
    },
    async (req, reply) => {
      const p = await policyInScope(app.db, await actorOf(req), req.query.id);
      return sendAttachment(app.db, storage, reply, req.query.fileId, p.attachments);
    },
  );

  r.post(
    '/api/policy/export',
    {
      schema: {
        tags: ['policy'],
        response: { 200: xlsxResponse('保单 .xlsx') },
        summary: '导出保单 .xlsx（保费：元；保额：万元）',
        querystring: policyExportQuery,
      },
      config: { permission: 'policy.export', audit: { module: '保单管理', kind: 'export' } },
    },
    async (req, reply) => {
      const actor = await actorOf(req);
      const now = clock.now();
      // Counted first (up to the cap + 1), then streamed page by page: memory stays flat (issue 18).
      const total = await app.reads.run(req, (db) =>
        countPolicyExport(db, actor, req.query, now, EXPORT_ROW_CAP + 1),
      );
      if (total > EXPORT_ROW_CAP)
        throw badRequest(`导出行数超过${EXPORT_ROW_CAP}行，请增加筛选条件后分批导出`);
      req.auditTarget = `${total}行`;
      return sendXlsxStream(reply, '保单列表.xlsx', [
        {
          name: '保单',
          columns: POLICY_COLUMNS,
          rows: exportPolicyRows((work) => app.reads.run(req, work), actor, req.query, now, EXPORT_ROW_CAP),
        },
      ]);
    },
  );
}

export const POLICY_COLUMNS = [
  { header: '保单号', width: 22, value: (r: PolicyRow) => r.policyNo ?? '' },
  { header: '投保单号', width: 22, value: (r: PolicyRow) => r.applicationNo },
  { header: '投保企业', width: 30, value: (r: PolicyRow) => r.holderName },
  { header: '统一社会信用代码', width: 22, value: (r: PolicyRow) => r.holderUscc },
  { header: '所属区县', value: (r: PolicyRow) => r.districtName },
  { header: '安责险行业', value: (r: PolicyRow) => r.wsIndustryName },
  { header: '出单机构', width: 30, value: (r: PolicyRow) => r.insurerName },
  { header: '保险起期', value: (r: PolicyRow) => r.startDate },
  { header: '保险止期', value: (r: PolicyRow) => r.endDate },
  { header: '状态', value: (r: PolicyRow) => r.stateLabel },
  { header: '参保人数', value: (r: PolicyRow) => r.headcount },
  { header: '每人死亡伤残限额（元）', value: (r: PolicyRow) => r.perPersonLimit },
  { header: '保额（万元）', value: (r: PolicyRow) => r.sumInsuredWan },
  { header: '保费（元）', value: (r: PolicyRow) => r.premium },
  { header: '事故预防费用（元）', value: (r: PolicyRow) => r.preventionFee },
];
