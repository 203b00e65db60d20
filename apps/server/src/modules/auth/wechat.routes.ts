import {
  envelope,
  loginData,
  messageEnvelope,
  wxAuthorizeData,
  wxBindBody,
  wxBindingData,
  wxCallbackQuery,
  wxConfigData,
  wxScanData,
} from '@aqzrx/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { CaptchaService } from '../../platform/captcha/index.ts';
import { done, ok } from '../../platform/envelope.ts';
import { requireAuth } from '../../platform/http.ts';
import {
  bindByPassword,
  bindSignedIn,
  issueState,
  loginByScan,
  myBinding,
  requireEnabled,
  unbind,
  WX_STATE_TTL_MS,
  type WxDeps,
} from './wechat.service.ts';
import { createWechatClient, type WechatOAuthClient } from './wechat-client.ts';

/**
 * WeChat QR login (spec 7 /api/wx/*; issue 16). Spec 7 names three calls: loginByScanQrcode and
 * loginUserBindWx take the callback's code and state in the query, bindWXUser a JSON body. The QR page's
 * address (with its state), the on/off switch and the settings' status and unbinding are the platform's own.
 */
export function wechatRoutes(
  app: FastifyInstance,
  captcha: CaptchaService,
  client: WechatOAuthClient = createWechatClient(app.deps.config),
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { config, clock, settings } = app.deps;
  const deps = async (): Promise<WxDeps> => ({
    db: app.db,
    config,
    now: () => clock.now(),
    consumeCaptcha: (t) => captcha.consume(t),
    captchaEnabled: config.CAPTCHA,
    passwordMaxAgeDays: (await settings.get('security')).passwordMaxAgeDays,
    client,
  });
  const loginLimit = {
    max: config.LOGIN_RATE_MAX,
    timeWindow: config.LOGIN_RATE_WINDOW_MS,
    keyGenerator: (req: { ip: string }) => `login:${req.ip}`,
  };

  r.post(
    '/api/wx/config.json',
    {
      schema: { tags: ['auth'], summary: '微信扫码登录是否开通', response: { 200: envelope(wxConfigData) } },
      config: { permission: 'public' },
    },
    async () => ok({ enabled: client.enabled }),
  );

  r.post(
    '/api/wx/qrConnect.json',
    {
      schema: {
        tags: ['auth'],
        summary: '微信扫码登录：二维码页地址（state 绑定本浏览器，一次有效，10 分钟）',
        response: { 200: envelope(wxAuthorizeData) },
      },
      config: { permission: 'public', rateLimit: { max: 30, timeWindow: 60_000 } },
    },
    async (req, reply) => {
      requireEnabled(client);
      const state = await issueState(app.db, req, reply, 'login', null, clock.now());
      return ok({ url: client.authorizeUrl(state), state, expiresIn: WX_STATE_TTL_MS / 1000 });
    },
  );

  r.post(
    '/api/wx/loginByScanQrcode.json',
    {
      schema: {
        tags: ['auth'],
        summary: '微信扫码登录回调：code、state（查询参数）',
        querystring: wxCallbackQuery,
        response: { 200: envelope(wxScanData) },
      },
      config: {
        permission: 'public',
        rateLimit: loginLimit,
        audit: { module: '微信扫码登录', kind: 'login' },
      },
    },
    async (req) => {
      const data = await loginByScan(await deps(), req, req.query);
      req.auditDone = true;
      return ok(data, data.bound ? '登录成功' : '该微信尚未绑定平台账号，请登录后完成绑定');
    },
  );

  r.post(
    '/api/wx/bindWXUser.json',
    {
      schema: {
        tags: ['auth'],
        summary: '未绑定的微信扫码后，用账号密码登录并绑定（JSON 请求体）',
        body: wxBindBody,
        response: { 200: envelope(loginData) },
      },
      config: { permission: 'public', rateLimit: loginLimit },
    },
    async (req, reply) => {
      const data = await bindByPassword(await deps(), req, req.body);
      reply.header('x-token', data.token);
      return ok(data, '绑定成功，已登录');
    },
  );

  r.post(
    '/api/wx/bindQrConnect.json',
    {
      schema: {
        tags: ['auth'],
        summary: '当前用户绑定微信：二维码页地址（state 绑定本次登录）',
        response: { 200: envelope(wxAuthorizeData) },
      },
      config: { permission: 'authenticated', rateLimit: { max: 30, timeWindow: 60_000 } },
    },
    async (req, reply) => {
      requireEnabled(client);
      const auth = requireAuth(req);
      const state = await issueState(app.db, req, reply, 'bind', auth.sessionId, clock.now());
      return ok({ url: client.authorizeUrl(state), state, expiresIn: WX_STATE_TTL_MS / 1000 });
    },
  );

  r.post(
    '/api/wx/loginUserBindWx.json',
    {
      schema: {
        tags: ['auth'],
        summary: '当前用户扫码绑定微信的回调：code、state（查询参数）',
        querystring: wxCallbackQuery,
        response: { 200: envelope(wxBindingData) },
      },
      config: { permission: 'authenticated', audit: { module: '微信绑定', kind: 'add' } },
    },
    async (req) => {
      const data = await bindSignedIn(await deps(), req, requireAuth(req), req.query);
      req.auditDone = true;
      return ok(data, '微信绑定成功');
    },
  );

  r.post(
    '/api/wx/myBinding.json',
    {
      schema: { tags: ['auth'], summary: '当前用户的微信绑定', response: { 200: envelope(wxBindingData) } },
      config: { permission: 'authenticated' },
    },
    async (req) => ok(await myBinding(app.db, client, requireAuth(req))),
  );

  r.post(
    '/api/wx/unbindWx.json',
    {
      schema: { tags: ['auth'], summary: '当前用户解除微信绑定', response: { 200: messageEnvelope } },
      config: { permission: 'authenticated', audit: { module: '微信绑定', kind: 'delete' } },
    },
    async (req) => {
      const auth = requireAuth(req);
      await req.tx((trx) => unbind(trx, auth), { targetId: auth.userId });
      return done('已解除微信绑定');
    },
  );
}
