import type {
  MessageBatchItem,
  MessageItem,
  MessageSendBody,
  messageListQuery,
  Paged,
  pageQuery,
  z,
} from '@aqzrx/contracts';
import type { PageResult } from '../../components/index.ts';
import { fetchData, request } from '../../platform/request.ts';

/** Calls of the message centre (my messages, read marks) and of sending messages. */

export type { MessageBatchItem } from '@aqzrx/contracts';

export async function listMyMessages(q: z.input<typeof messageListQuery>): Promise<PageResult<MessageItem>> {
  const { unread, ...rest } = q;
  return fetchData<Paged<MessageItem>>('/message/list', {
    params: { ...rest, ...(unread ? { unread: 1 } : {}) },
  });
}

export { UNREAD_KEY, useMessageCounts, useUnreadCount } from '../../platform/messages.ts';

export async function markMessagesRead(ids: number[] | 'all'): Promise<number> {
  const params = ids === 'all' ? { all: 1 } : { ids: ids.join(',') };
  return (await fetchData<{ updated: number }>('/message/read', { params })).updated;
}

export async function listSentMessages(q: z.input<typeof pageQuery>): Promise<PageResult<MessageBatchItem>> {
  return fetchData<Paged<MessageBatchItem>>('/message/sentList', { params: { ...q } });
}

export async function sendMessage(body: MessageSendBody): Promise<string> {
  return (await request('/message/send', { data: body })).result;
}
