import {
  ErrorReason,
  envelope,
  Messages,
  messageEnvelope,
  mfaCodeBody,
  mfaEnrolData,
  mfaRecoveryCodesData,
  mfaReenrolBody,
  mfaStatusData,
} from '@aqzrx/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { revokeUserSessions } from '../../platform/auth.ts';
import { done, ok } from '../../platform/envelope.ts';
import { AppError, forbidden, notFound } from '../../platform/errors.ts';
import { requireAuth } from '../../platform/http.ts';
import { loginClient, ticketClient } from '../../platform/login-client.ts';
import { checkOldPassword } from './auth.service.ts';
import {
  completeEnrolment,
  countTicketAttempt,
  issueTicket,
  liveTicket,
  mfaRequired,
  mfaStatus,
  newEnrolment,
  resetSecondFactor,
  spendTicket,
} from './mfa.service.ts';

const MODULE = '二次验证';

/**
 * The signed-in user's second factor (status, re-enrolment with new recovery codes) and the security admin's
 * reset of another user's (security.md A06; issue 17 finding 8).
 */
export function mfaRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { config, clock } = app.deps;

  r.post(
    '/api/sys/user/mfa/status',
    {
      schema: {
        tags: ['auth'],
        summary: '当前用户的二次验证状态',
        response: { 200: envelope(mfaStatusData) },
      },
      config: { permission: 'authenticated' },
    },
    async (req) => ok(await mfaStatus(app.db, config, requireAuth(req))),
  );

  r.post(
    '/api/sys/user/mfa/enrol',
    {
      schema: {
        tags: ['auth'],
        summary: '重新绑定验证器：验证当前密码后取得新的二维码（确认前旧验证器仍有效）',
        body: mfaReenrolBody,
        response: { 200: envelope(mfaEnrolData) },
      },
      config: { permission: 'authenticated', rateLimit: { max: 10, timeWindow: 60_000 } },
    },
    async (req) => {
      const auth = requireAuth(req);
      if (!mfaRequired(config, auth.roleKey)) throw forbidden('当前账号无需二次验证');
      const now = clock.now();
      await checkOldPassword(app.db, config, auth, req.body.password, now, loginClient(req));
      const client = ticketClient(req);
      const ticket = await issueTicket(app.db, 'enrol', auth.userId, client, now);
      const row = await liveTicket(app.db, ticket, 'enrol', client, now, auth.userId);
      return ok(await newEnrolment(app.db, row.id, ticket, auth.username));
    },
  );

  r.post(
    '/api/sys/user/mfa/confirm',
    {
      schema: {
        tags: ['auth'],
        summary: '确认重新绑定：输入新验证器的动态验证码；返回10个新恢复码（只显示一次，旧恢复码作废）',
        body: mfaCodeBody,
        response: { 200: envelope(mfaRecoveryCodesData) },
      },
      config: {
        permission: 'authenticated',
        audit: { module: MODULE, kind: 'security' },
        rateLimit: { max: 10, timeWindow: 60_000 },
      },
    },
    async (req) => {
      const auth = requireAuth(req);
      const now = clock.now();
      const ticket = await liveTicket(app.db, req.body.ticket, 'enrol', ticketClient(req), now, auth.userId);
      const wrong = new AppError(400, Messages.mfaCodeInvalid, ErrorReason.MFA_CODE_INVALID);
      const codes = await req
        .tx(
          async (trx) => {
            if (!(await spendTicket(trx, ticket.id, now)))
              throw new AppError(400, Messages.mfaTicketInvalid, ErrorReason.MFA_TICKET_INVALID);
            const fresh = await completeEnrolment(trx, ticket, req.body.code, now);
            if (!fresh) throw wrong; // rolls the spent ticket back: the user may type the next code
            return fresh;
          },
          { targetId: auth.userId },
        )
        .catch(async (err) => {
          if (err === wrong) await countTicketAttempt(app.db, ticket.id);
          throw err;
        });
      return ok({ recoveryCodes: codes }, '验证器已重新绑定，请妥善保存新的恢复码');
    },
  );

  r.post(
    '/api/sys/user/mfa/reset',
    {
      schema: {
        tags: ['user'],
        summary: '安全管理员重置用户的二次验证（其登录立即失效，下次登录须重新绑定验证器）',
        querystring: z.object({ id: z.coerce.number().int().positive('请指定用户') }).strict(),
        response: { 200: messageEnvelope },
      },
      // The security administrator's (三权分立, security.md Z04).
      config: { permission: 'userSecurity.edit', audit: { module: '账号安全', kind: 'security' } },
    },
    async (req) => {
      const id = req.query.id;
      req.auditTarget = String(id);
      const had = await req.tx(
        async (trx) => {
          const user = await trx
            .selectFrom('sysUser')
            .select('id')
            .where('id', '=', id)
            .where('deletedAt', 'is', null)
            .executeTakeFirst();
          if (!user) throw notFound();
          const removed = await resetSecondFactor(trx, id);
          await revokeUserSessions(trx, id, clock.now(), 'mfa-reset');
          return removed;
        },
        { targetId: id },
      );
      return done(had ? '已重置二次验证，该用户下次登录须重新绑定验证器' : '该用户尚未开通二次验证');
    },
  );
}
