import {
  envelope,
  idQuery,
  messageEnvelope,
  paged,
  RegMessages,
  recoverCodeQuery,
  regApplication,
  regCreated,
  regCreateInput,
  regDetail,
  regListQuery,
  regManagerInput,
  regOrgOption,
  regOrgOptionsQuery,
  regResubmitInput,
  regReviewInput,
  regRow,
  regScanQuery,
  regScanResult,
  resetPwdQuery,
  smsSendQuery,
  smsVerifyQuery,
  smsVerifyResult,
  validUserNameQuery,
  validUserNameResult,
} from '@aqzrx/contracts';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { done, ok } from '../../platform/envelope.ts';
import { badRequest } from '../../platform/errors.ts';
import { requireAuth } from '../../platform/http.ts';
import { queryAsBody } from '../../platform/query-body.ts';
import {
  commitFile,
  discardFile,
  noFileError,
  notMultipart,
  receiveFile as receive,
  type receiveFile,
  uploadError,
} from '../file/index.ts';
import {
  consumeCode,
  createSmsProvider,
  issueCode,
  issueTicket,
  smsOutboxRoutes,
  ticketMobile,
} from '../sms/index.ts';
import { resetPassword, sendRecoveryCode } from './recovery.service.ts';
import { applicationOfToken, listRegistrations } from './registration.repo.ts';
import {
  registrationDetail,
  resubmitRegistration,
  reviewRegistration,
  submitRegistration,
  usernameFree,
} from './registration.service.ts';

const MODULE = '用户注册';
const TAGS = ['registration'];
/** Per-IP limits of the public calls (security.md A03, A05); the per-mobile limits are in sms.service. */
const SEND_RATE = { max: 10, timeWindow: 10 * 60_000 };
const VERIFY_RATE = { max: 10, timeWindow: 3 * 60_000 };
const FORM_RATE = { max: 10, timeWindow: 10 * 60_000 };
const SCAN_KINDS = new Set(['image', 'pdf']);

/**
 * Self-registration, SMS codes and password recovery (contracts registration.ts): the seven public calls of
 * spec 7, the applicant's status page, the admin's review (注册审核) and the development outbox.
 */
export function registrationRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { antivirus, clock, config, storage } = app.deps;
  const provider = createSmsProvider(config, () => app.db, app.log);
  smsOutboxRoutes(app);

  r.post(
    '/api/signup/sendCode.json',
    {
      schema: {
        tags: TAGS,
        summary: '发送注册验证码（无论手机号是否已注册，回答相同）',
        querystring: smsSendQuery,
        response: { 200: messageEnvelope },
      },
      config: { permission: 'public', audit: { module: MODULE, kind: 'security' }, rateLimit: SEND_RATE },
    },
    async (req) => {
      const mobile = req.query.mobile;
      await issueCode(
        app.db,
        provider,
        { purpose: 'signup', subject: mobile, mobile, ip: req.ip },
        clock.now(),
      );
      return done(RegMessages.codeSent);
    },
  );

  r.post(
    '/api/signup/verifyMobile.json',
    {
      schema: {
        tags: TAGS,
        summary: '校验注册验证码，得到手机号验证凭证（mobileTicket，30分钟内提交注册时使用一次）',
        querystring: smsVerifyQuery,
        response: { 200: envelope(smsVerifyResult) },
      },
      config: { permission: 'public', audit: { module: MODULE, kind: 'security' }, rateLimit: VERIFY_RATE },
    },
    async (req) => {
      const now = clock.now();
      const { id } = await consumeCode(
        app.db,
        { purpose: 'signup', subject: req.query.mobile, code: req.query.code },
        now,
      );
      return ok({ mobileTicket: await issueTicket(app.db, id, now) }, '手机号验证成功');
    },
  );

  r.post(
    '/api/signUp/validUserName.json',
    {
      schema: {
        tags: TAGS,
        summary: '用户名是否可用（只回答可用与否）',
        querystring: validUserNameQuery,
        response: { 200: envelope(validUserNameResult) },
      },
      config: { permission: 'public', rateLimit: { max: 30, timeWindow: 60_000 } },
    },
    async (req) => ok({ available: await usernameFree(app.db, req.query.userName) }),
  );

  r.post(
    '/api/signUp/orgOptions.json',
    {
      schema: {
        tags: TAGS,
        summary: '注册时可选择的机构（监管部门、保险机构、专家机构与服务机构）',
        querystring: regOrgOptionsQuery,
        response: { 200: envelope(z.array(regOrgOption)) },
      },
      config: { permission: 'public', rateLimit: { max: 30, timeWindow: 60_000 } },
    },
    async (req) => {
      const types = req.query.type === 'expert' ? (['expert', 'service'] as const) : [req.query.type];
      const rows = await app.db
        .selectFrom('sysOrg')
        .select(['id', 'name', 'orgType'])
        .where('orgType', 'in', [...types])
        .where('status', '=', 1)
        .where('deletedAt', 'is', null)
        .orderBy('orgType', 'desc')
        .orderBy('id')
        .limit(500)
        .execute();
      return ok(rows);
    },
  );

  app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { files: 1, parts: 5, fields: 3, fileSize: 10 * 1024 * 1024 },
    });
    scope.addContentTypeParser('*', (_req, _payload, next) => next(null, undefined));
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/signUp/uploadScan.json',
      {
        schema: {
          tags: TAGS,
          summary: '上传注册材料扫描件（图片或PDF，10MB以内；须先完成手机号验证）',
          consumes: ['multipart/form-data'],
          querystring: regScanQuery,
          response: { 200: envelope(regScanResult) },
        },
        config: { permission: 'public', audit: { module: MODULE, kind: 'add' }, rateLimit: FORM_RATE },
      },
      async (req) => {
        const now = clock.now();
        const appToken = req.headers['x-reg-token'];
        if (typeof appToken === 'string') await applicationOfToken(app.db, appToken, now);
        else await ticketMobile(app.db, req.query.mobileTicket ?? '', now, { spend: false });
        if (!req.isMultipart()) throw notMultipart();
        let received: Awaited<ReturnType<typeof receiveFile>> | undefined;
        try {
          for await (const part of req.parts()) {
            if (part.type !== 'file') continue;
            received = await receive(part.file, part.filename, storage, now, { antivirus });
          }
        } catch (err) {
          if (received) await discardFile(storage, received);
          throw uploadError(err);
        }
        if (!received) throw noFileError();
        const file = received;
        if (!SCAN_KINDS.has(file.kind)) {
          await discardFile(storage, file);
          throw badRequest('扫描件须为图片（jpg、png）或PDF文件');
        }
        try {
          await req.tx((trx) => commitFile(trx, file, { userId: null, orgId: null }, now), {
            targetId: file.id,
          });
        } catch (err) {
          await discardFile(storage, file);
          throw err;
        }
        return ok({ fileId: file.id, fileName: file.originalName }, '上传成功');
      },
    );
  });

  r.post(
    '/api/signUp/createUser.json',
    {
      schema: {
        tags: TAGS,
        summary: '提交注册申请（企业、服务机构、专家；手机号须先验证）',
        body: regCreateInput,
        response: { 200: envelope(regCreated) },
      },
      config: { permission: 'public', audit: { module: MODULE, kind: 'add' }, rateLimit: FORM_RATE },
    },
    async (req) => {
      const now = clock.now();
      const id = await req.tx(
        async (trx) => {
          await ticketMobile(trx, req.body.mobileTicket, now, { spend: true, mobile: req.body.mobile });
          return submitRegistration(trx, req.body, now);
        },
        { targetId: (id) => id },
      );
      return ok({ id }, RegMessages.submitted);
    },
  );

  r.post(
    '/api/signUp/createUserManager.json',
    {
      schema: {
        tags: TAGS,
        summary: '申请监管部门或保险机构人员账号（所属机构须已在平台；手机号须先验证）',
        body: regManagerInput,
        response: { 200: envelope(regCreated) },
      },
      config: { permission: 'public', audit: { module: MODULE, kind: 'add' }, rateLimit: FORM_RATE },
    },
    async (req) => {
      const now = clock.now();
      const id = await req.tx(
        async (trx) => {
          await ticketMobile(trx, req.body.mobileTicket, now, { spend: true, mobile: req.body.mobile });
          return submitRegistration(trx, req.body, now);
        },
        { targetId: (id) => id },
      );
      return ok({ id }, RegMessages.submitted);
    },
  );

  const regToken = (headers: Record<string, unknown>) => {
    const v = headers['x-reg-token'];
    return typeof v === 'string' ? v : undefined;
  };

  r.post(
    '/api/signUp/myApplication.json',
    {
      schema: {
        tags: TAGS,
        summary: '申请人查看自己的注册申请（请求头 X-REG-TOKEN：待审核申请人登录时取得）',
        response: { 200: envelope(regApplication) },
      },
      config: { permission: 'public', rateLimit: { max: 60, timeWindow: 60_000 } },
    },
    async (req) => {
      const id = await applicationOfToken(app.db, regToken(req.headers), clock.now());
      return ok(await registrationDetail(app.db, id));
    },
  );

  r.post(
    '/api/signUp/resubmit.json',
    {
      schema: {
        tags: TAGS,
        summary: '申请人修改被退回的注册申请并重新提交（请求头 X-REG-TOKEN）',
        body: regResubmitInput,
        response: { 200: envelope(regCreated) },
      },
      config: { permission: 'public', audit: { module: MODULE, kind: 'edit' }, rateLimit: FORM_RATE },
    },
    async (req) => {
      const now = clock.now();
      const id = await applicationOfToken(app.db, regToken(req.headers), now);
      await req.tx((trx) => resubmitRegistration(trx, id, req.body, now), { targetId: id });
      return ok({ id }, RegMessages.resubmitted);
    },
  );

  r.post(
    '/api/findpwd/cellphoneCode.json',
    {
      schema: {
        tags: TAGS,
        summary: '找回密码：向账号绑定的手机发送验证码（账号不存在时回答相同）',
        querystring: recoverCodeQuery,
        response: { 200: messageEnvelope },
      },
      config: { permission: 'public', audit: { module: '找回密码', kind: 'security' }, rateLimit: SEND_RATE },
    },
    async (req) => {
      const userId = await sendRecoveryCode(app.db, provider, req.query.account, req.ip, clock.now());
      if (userId !== null) req.auditTarget = String(userId);
      return done(RegMessages.recoverySent);
    },
  );

  r.post(
    '/api/findpwd/resetPwd.json',
    {
      // Spec 7 puts the fields in the query; the web client sends a JSON body (passwords never in a URL).
      schema: {
        tags: TAGS,
        summary: '找回密码：校验验证码并设置新密码（该用户的所有登录会话随即失效）',
        body: resetPwdQuery,
        response: { 200: messageEnvelope },
      },
      preValidation: queryAsBody(resetPwdQuery),
      config: {
        permission: 'public',
        audit: { module: '找回密码', kind: 'security' },
        rateLimit: VERIFY_RATE,
      },
    },
    async (req) => {
      await resetPassword(app.db, config, req.body, clock.now(), async (fn, target) => {
        await req.tx(fn, { targetId: target });
      });
      return done(RegMessages.passwordReset);
    },
  );

  r.post(
    '/api/registration/list',
    {
      schema: {
        tags: TAGS,
        summary: '注册申请列表（待审核在前；手机号脱敏）',
        querystring: regListQuery,
        response: { 200: envelope(paged(regRow)) },
      },
      config: { permission: 'registration.query' },
    },
    async (req) => ok(await listRegistrations(app.db, req.query)),
  );

  r.post(
    '/api/registration/detail',
    {
      schema: {
        tags: TAGS,
        summary: '注册申请详情（身份证号、手机号脱敏）',
        querystring: idQuery,
        response: { 200: envelope(regDetail) },
      },
      config: { permission: 'registration.get' },
    },
    async (req) => ok(await registrationDetail(app.db, req.query.id)),
  );

  r.post(
    '/api/registration/review',
    {
      schema: {
        tags: TAGS,
        summary: '审核注册申请：通过（开通账号）或退回（附原因）',
        body: regReviewInput,
        response: { 200: envelope(z.object({ id: z.number(), version: z.number() })) },
      },
      config: { permission: 'registration.edit', audit: { module: '注册审核', kind: 'edit' } },
    },
    async (req) => {
      const auth = requireAuth(req);
      const version = await req.tx((trx) => reviewRegistration(trx, req.body, auth.userId, clock.now()), {
        targetId: req.body.id,
      });
      return ok({ id: req.body.id, version }, req.body.approve ? '已审核通过，账号已开通' : '已退回申请');
    },
  );
}
