import {
  captchaChallengeEnvelope,
  captchaPassEnvelope,
  captchaVerifyBody,
  ErrorReason,
  envelope,
  fileResponse,
  isMfaPending,
  knownPathQuery,
  knownPathResult,
  loginBody,
  loginResult,
  Messages,
  messageEnvelope,
  mfaCodeBody,
  mfaEnrolData,
  mfaLoginData,
  mfaTicketBody,
  pwdUpdateQuery,
  resourceNode,
  userInfo,
} from '@aqzrx/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { writeAudit } from '../../platform/audit.ts';
import { CAPTCHA_IMAGE_PATH, CAPTCHA_MESSAGES, createCaptchaService } from '../../platform/captcha/index.ts';
import { done, ok } from '../../platform/envelope.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { requireAuth } from '../../platform/http.ts';
import { ensureDeviceCookie, loginClient } from '../../platform/login-client.ts';
import { queryAsBody } from '../../platform/query-body.ts';
import { isKnownResourcePath, resourceTreeForRole } from '../role/index.ts';
import {
  changePassword,
  checkOldPassword,
  completeMfaLogin,
  getUserInfo,
  login,
  loginEnrolment,
  logout,
} from './auth.service.ts';
import { mfaRoutes } from './mfa.routes.ts';
import { wechatRoutes } from './wechat.routes.ts';

/** A captcha image: binary, never cached (each challenge has its own). */
function sendPng(reply: FastifyReply, png: Buffer): FastifyReply {
  return reply.header('cache-control', 'no-store').type('image/png').send(png);
}

export function authRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { config, clock, settings } = app.deps;
  // Challenges and tokens are kept where every process and instance finds them (issue 18).
  const captcha = createCaptchaService({ now: () => clock.now().getTime(), store: app.deps.shared });

  r.post(
    '/api/captcha/get',
    {
      schema: { tags: ['auth'], summary: '获取滑块验证码', response: { 200: captchaChallengeEnvelope } },
      config: { permission: 'public', rateLimit: { max: 30, timeWindow: 60_000 } },
    },
    async (req, reply) => {
      // The login page's first call: the browser gets its device cookie (per-client failure counts).
      ensureDeviceCookie(req, reply);
      const { images: _images, ...challenge } = await captcha.issue();
      return ok(challenge);
    },
  );

  r.get(
    `${CAPTCHA_IMAGE_PATH}/:id/:part`,
    {
      schema: {
        tags: ['auth'],
        summary: '滑块验证码图片（背景或拼图块，PNG）',
        params: z.object({ id: z.string().min(1).max(64), part: z.enum(['background', 'piece']) }).strict(),
        response: { 200: fileResponse('PNG 图片', 'image/png') },
      },
      config: { permission: 'public' },
    },
    async (req, reply) => {
      const png = await captcha.image(req.params.id, req.params.part);
      if (!png) throw notFound('验证码已失效，请刷新后重试');
      return sendPng(reply, png);
    },
  );

  // WeChat QR login shares the puzzle: binding an unbound scan is a password login.
  wechatRoutes(app, captcha);

  r.post(
    '/api/captcha/check',
    {
      schema: {
        tags: ['auth'],
        summary: '校验滑块位置',
        body: captchaVerifyBody,
        response: { 200: captchaPassEnvelope },
      },
      config: { permission: 'public', rateLimit: { max: 30, timeWindow: 60_000 } },
    },
    async (req) => {
      const res = await captcha.check(req.body.id, req.body.x, req.body.trail);
      if (!res.ok) {
        // security.md L01: a failed puzzle is a failed sign-in attempt in the log.
        await writeAudit(
          app.db,
          req,
          {
            kind: 'login',
            module: '滑块验证码',
            outcome: 'fail',
            errorMsg: CAPTCHA_MESSAGES[res.reason],
            userId: null,
            username: '',
          },
          clock.now(),
        );
        throw new AppError(
          400,
          res.reason === 'expired' ? Messages.captchaInvalid : '请正确拼合图像',
          ErrorReason.CAPTCHA_INVALID,
        );
      }
      return ok({ captchaToken: res.captchaToken }, '验证通过');
    },
  );

  r.post(
    '/api/login',
    {
      schema: {
        tags: ['auth'],
        summary:
          '密码登录（系统、安全、审计管理员和监管人员：先答 mfaRequired 与一次性凭证，再用 /api/login/mfa 提交动态验证码）',
        body: loginBody,
        response: { 200: envelope(loginResult) },
      },
      config: {
        permission: 'public',
        rateLimit: {
          max: config.LOGIN_RATE_MAX,
          timeWindow: config.LOGIN_RATE_WINDOW_MS,
          keyGenerator: (req) => `login:${req.ip}`,
        },
      },
    },
    async (req, reply) => {
      // Before anything can fail: a browser without a device cookie (captcha off) gets one on its first try.
      ensureDeviceCookie(req, reply);
      const data = await login(
        {
          db: app.db,
          config,
          now: () => clock.now(),
          consumeCaptcha: (t) => captcha.consume(t),
          captchaEnabled: config.CAPTCHA,
          passwordMaxAgeDays: (await settings.get('security')).passwordMaxAgeDays,
        },
        req,
        req.body,
      );
      if (isMfaPending(data))
        return ok(data, data.enrolled ? '请输入动态验证码' : '请先开通二次验证：用验证器扫描二维码');
      reply.header('x-token', data.token);
      return ok(data, '登录成功');
    },
  );

  const mfaLimit = {
    max: config.LOGIN_RATE_MAX,
    timeWindow: config.LOGIN_RATE_WINDOW_MS,
    keyGenerator: (req: { ip: string }) => `mfa:${req.ip}`,
  };

  r.post(
    '/api/login/mfa',
    {
      schema: {
        tags: ['auth'],
        summary:
          '登录第二步：一次性凭证 + 6位动态验证码（或恢复码）；首次开通时另返回10个恢复码（只显示一次）',
        body: mfaCodeBody,
        response: { 200: envelope(mfaLoginData) },
      },
      config: { permission: 'public', rateLimit: mfaLimit },
    },
    async (req, reply) => {
      const data = await completeMfaLogin(
        {
          db: app.db,
          config,
          now: () => clock.now(),
          passwordMaxAgeDays: (await settings.get('security')).passwordMaxAgeDays,
        },
        req,
        req.body,
      );
      reply.header('x-token', data.token);
      return ok(data, data.recoveryCodes ? '二次验证已开通，登录成功' : '登录成功');
    },
  );

  r.post(
    '/api/login/mfa/enrol',
    {
      schema: {
        tags: ['auth'],
        summary: '登录时开通二次验证：用一次性凭证取得验证器二维码（再次调用则换新密钥）',
        body: mfaTicketBody,
        response: { 200: envelope(mfaEnrolData) },
      },
      config: { permission: 'public', rateLimit: mfaLimit },
    },
    async (req) => ok(await loginEnrolment(app.db, req, req.body.ticket, clock.now())),
  );

  mfaRoutes(app);

  r.post(
    '/api/logout',
    {
      schema: { tags: ['auth'], summary: '退出登录', response: { 200: messageEnvelope } },
      config: {
        permission: 'authenticated',
        allowStalePassword: true,
        audit: { module: '登录', kind: 'logout' },
      },
    },
    async (req) => {
      const auth = requireAuth(req);
      await req.tx((trx) => logout(trx, auth, clock.now()));
      return done('已退出登录');
    },
  );

  r.post(
    '/api/sys/user/getUserInfo.json',
    {
      schema: { tags: ['auth'], summary: '当前用户信息', response: { 200: envelope(userInfo) } },
      config: { permission: 'authenticated', allowStalePassword: true },
    },
    async (req) => ok(await getUserInfo(app.db, requireAuth(req))),
  );

  r.post(
    '/api/sys/user/getSysResourceListByToken.json',
    {
      schema: {
        tags: ['auth'],
        summary: '当前用户的菜单资源',
        response: { 200: envelope(z.object({ resourceListByToken: z.array(resourceNode) })) },
      },
      config: { permission: 'authenticated', allowStalePassword: true },
    },
    async (req) => ok({ resourceListByToken: await resourceTreeForRole(app.db, requireAuth(req).roleId) }),
  );

  r.post(
    '/api/sys/user/isKnownResourcePath.json',
    {
      schema: {
        tags: ['auth'],
        summary: '页面是否属于某个角色的菜单资源（区分无权访问与页面不存在）',
        querystring: knownPathQuery,
        response: { 200: envelope(knownPathResult) },
      },
      config: { permission: 'authenticated' },
    },
    async (req) => ok({ known: await isKnownResourcePath(app.db, req.query.path) }),
  );

  r.post(
    '/api/sys/user/pwd/update',
    {
      // Spec 7 puts oldPwd and newPwd in the query; the platform's web client sends them in a JSON body
      // instead, so passwords never stand in a URL a proxy might log. Both are accepted.
      schema: {
        tags: ['auth'],
        summary: '修改密码（oldPwd、newPwd：JSON 请求体，或按规范放在查询参数）',
        body: pwdUpdateQuery,
        response: { 200: messageEnvelope },
      },
      preValidation: queryAsBody(pwdUpdateQuery),
      config: {
        permission: 'authenticated',
        allowStalePassword: true,
        audit: { module: '修改密码', kind: 'edit' },
        rateLimit: { max: 10, timeWindow: 60_000 },
      },
    },
    async (req) => {
      const auth = requireAuth(req);
      await checkOldPassword(app.db, config, auth, req.body.oldPwd, clock.now(), loginClient(req));
      await req.tx((trx) => changePassword(trx, auth, req.body.newPwd, clock.now()), {
        targetId: auth.userId,
      });
      return done('密码修改成功，请使用新密码重新登录');
    },
  );
}
