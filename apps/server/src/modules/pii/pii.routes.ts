import { envelope } from '@aqzrx/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { permissionsOf } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { requireAuth } from '../../platform/http.ts';
import { keyedDigest } from '../../platform/pii.ts';

export const REVEAL_MODULE = '敏感信息查看';

const revealInput = z
  .object({
    kind: z.string({ error: '请指明记录类型' }).trim().min(1, '请指明记录类型').max(40, '记录类型无效'),
    id: z.coerce
      .number({ error: '记录编号须为正整数' })
      .int('记录编号须为正整数')
      .positive('记录编号须为正整数'),
    field: z.string({ error: '请指明字段' }).trim().min(1, '请指明字段').max(40, '字段无效'),
    /** The position in a list field (a plan's experts); 0 for a single field. */
    index: z.coerce
      .number({ error: '序号须为0-99的整数' })
      .int('序号须为0-99的整数')
      .min(0, '序号须为0-99的整数')
      .max(99, '序号须为0-99的整数')
      .default(0),
  })
  .strict();

/**
 * Masked by default, full by an explicit action (security.md P04): one route for every record kind a module
 * registered in `app.piiReveals` (the allow-list), and the per-user key that encrypts the web's offline drafts.
 */
export function piiRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/pii/reveal',
    {
      schema: {
        tags: ['pii'],
        summary: '查看一条记录某一字段的完整值（须在该记录的可见范围内，记录审计日志，不记录值本身）',
        body: revealInput,
        response: { 200: envelope(z.object({ value: z.string() })) },
      },
      config: { permission: 'authenticated', audit: { module: REVEAL_MODULE, kind: 'get' } },
    },
    async (req) => {
      const auth = requireAuth(req);
      const { kind, id, field, index } = req.body;
      // The log names the record and the field, never the value (the request body holds no value either).
      req.auditTarget = `${kind}:${id}:${field}${index ? `#${index}` : ''}`;
      const load = app.piiReveals.loader(kind, field, await permissionsOf(app.db, auth));
      const value = await req.tx((trx) => load(trx, auth, id, index));
      return ok({ value });
    },
  );

  r.post(
    '/api/pii/draftKey',
    {
      schema: {
        tags: ['pii'],
        summary: '本人离线草稿的加密密钥（仅在登录状态下下发，浏览器不保存）',
        response: { 200: envelope(z.object({ key: z.string() })) },
      },
      config: { permission: 'authenticated' },
    },
    async (req) => {
      const auth = requireAuth(req);
      // 32 bytes (HMAC-SM3 under a key derived from the server's master key): the same for this user on every
      // sign-in, so a draft kept through a dropped network or an expired session still opens after signing in.
      const key = Buffer.from(keyedDigest('web-draft-key', `user:${auth.userId}`), 'hex');
      return ok({ key: key.toString('base64') });
    },
  );
}
