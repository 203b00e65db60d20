import {
  envelope,
  messageBatchItem,
  messageCounts as messageCountsSchema,
  messageItem,
  messageListQuery,
  messageReadQuery,
  messageSendBody,
  paged,
  pageQuery,
} from '@aqzrx/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/envelope.ts';
import { requireAuth } from '../../platform/http.ts';
import {
  listMyMessages,
  listSentBatches,
  markRead,
  messageCounts,
  sendBroadcast,
} from './message.service.ts';

/**
 * 消息中心. The inbox calls only ever touch the caller's own rows, so they need a login and no more
 * (the header badge must work for every role); sending to roles needs message.add.
 */
export function messagesRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { clock } = app.deps;

  r.post(
    '/api/message/list',
    {
      schema: {
        tags: ['message'],
        summary: '我的消息（分页，unread=1 只看未读，todo=open|done 只看待办）',
        querystring: messageListQuery,
        response: { 200: envelope(paged(messageItem)) },
      },
      config: { permission: 'authenticated' },
    },
    async (req) => ok(await listMyMessages(app.db, requireAuth(req).userId, req.query)),
  );

  r.post(
    '/api/message/unreadCount',
    {
      schema: {
        tags: ['message'],
        summary: '我的未读消息数（count）和未处理待办数（todos）',
        response: { 200: envelope(messageCountsSchema) },
      },
      config: { permission: 'authenticated' },
    },
    async (req) => ok(await messageCounts(app.db, requireAuth(req).userId)),
  );

  r.post(
    '/api/message/read',
    {
      schema: {
        tags: ['message'],
        summary: '标记消息已读（ids=1,2 或 all=1）',
        querystring: messageReadQuery,
        response: { 200: envelope(z.object({ updated: z.number() })) },
      },
      config: { permission: 'authenticated' },
    },
    async (req) => {
      const auth = requireAuth(req);
      const ids = req.query.all ? 'all' : (req.query.ids ?? '').split(',').map(Number);
      const updated = await markRead(app.db, auth.userId, ids, clock.now());
      return ok({ updated });
    },
  );

  r.post(
    '/api/message/send',
    {
      schema: {
        tags: ['message'],
        summary: '按角色和区县发送站内消息',
        body: messageSendBody,
        response: { 200: envelope(z.object({ id: z.number(), recipientCount: z.number() })) },
      },
      config: { permission: 'message.add', audit: { module: '消息管理', kind: 'add' } },
    },
    async (req) => {
      const auth = requireAuth(req);
      const res = await req.tx((trx) => sendBroadcast(trx, req.body, auth, clock.now()), {
        targetId: (x) => x.id,
      });
      return ok(res, `已发送给 ${res.recipientCount} 人`);
    },
  );

  r.post(
    '/api/message/sentList',
    {
      schema: {
        tags: ['message'],
        summary: '本人或本机构发送的消息',
        querystring: pageQuery.pick({ pageNo: true, pageSize: true }).strict(),
        response: { 200: envelope(paged(messageBatchItem)) },
      },
      config: { permission: 'message.query' },
    },
    async (req) => ok(await listSentBatches(app.db, requireAuth(req), req.query)),
  );
}
