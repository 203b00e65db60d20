import { envelope, formatChinaTime, maskMobile, paged, smsOutboxQuery, smsOutboxRow } from '@aqzrx/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../platform/envelope.ts';
import { decryptPhone, phoneIndex } from '../../platform/pii.ts';

/**
 * The development outbox (短信发件箱): the texts the outbox provider kept, newest first. The mobiles are masked
 * (security.md P04): a tester needs the code, and finds a text by the whole number (`mobile`, exact match).
 */
export function smsOutboxRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/sms/outbox',
    {
      schema: {
        tags: ['sms'],
        summary: '短信发件箱（开发用短信通道发出的短信；生产环境为空）',
        querystring: smsOutboxQuery,
        response: { 200: envelope(paged(smsOutboxRow)) },
      },
      config: { permission: 'smsOutbox.query' },
    },
    async (req) => {
      const { pageNo = 1, pageSize = 10, mobile } = req.query;
      let q = app.db.selectFrom('sysSmsOutbox');
      // Exact match through the blind index: the numbers are stored encrypted (security.md P03).
      if (mobile) q = q.where('mobileHash', '=', phoneIndex(mobile));
      const [rows, total] = await Promise.all([
        q
          .selectAll()
          .orderBy('id', 'desc')
          .limit(pageSize)
          .offset((pageNo - 1) * pageSize)
          .execute(),
        q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return ok({
        list: rows.map((x) => ({
          id: x.id,
          mobile: maskMobile(decryptPhone(x.mobileEnc)),
          purpose: x.purpose,
          content: x.content,
          createdAt: formatChinaTime(x.createdAt, 'second'),
        })),
        total: Number(total.n),
        pageNum: pageNo,
        pageSize,
      });
    },
  );
}
