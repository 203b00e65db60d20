import {
  captchaChallengeEnvelope,
  captchaPassEnvelope,
  captchaVerifyBody,
  ErrorReason,
  envelope,
  knownPathQuery,
  knownPathResult,
  loginBody,
  loginData,
  Messages,
  messageEnvelope,
  pwdUpdateQuery,
  resourceNode,
  userInfo,
} from '@aqzrx/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createCaptchaService } from '../../platform/captcha/index.ts';
import { done, ok } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { requireAuth } from '../../platform/http.ts';
import { queryAsBody } from '../../platform/query-body.ts';
import { isKnownResourcePath, resourceTreeForRole } from '../role/index.ts';
import { changePassword, checkOldPassword, getUserInfo, login, logout } from './auth.service.ts';
import { wechatRoutes } from './wechat.routes.ts';

export function authRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { config, clock, settings } = app.deps;
  const captcha = createCaptchaService({ now: () => clock.now().getTime() });

  r.post(
    '/api/captcha/get',
    {
      schema: { tags: ['auth'], summary: '获取滑块验证码', response: { 200: captchaChallengeEnvelope } },
      config: { permission: 'public', rateLimit: { max: 30, timeWindow: 60_000 } },
    },
    async () => ok(captcha.issue()),
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
      const res = captcha.check(req.body.id, req.body.x, req.body.trail);
      if (!res.ok) {
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
        summary: '密码登录',
        body: loginBody,
        response: { 200: envelope(loginData) },
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
      reply.header('x-token', data.token);
      return ok(data, '登录成功');
    },
  );

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
      await checkOldPassword(app.db, config, auth, req.body.oldPwd, clock.now());
      await req.tx((trx) => changePassword(trx, auth, req.body.newPwd, clock.now()), {
        targetId: auth.userId,
      });
      return done('密码修改成功，请使用新密码重新登录');
    },
  );
}
