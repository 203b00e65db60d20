import type { MessageCounts } from '@aqzrx/contracts';
import { useQuery } from '@tanstack/react-query';
import { fetchData } from './request.ts';

/** Query key of the signed-in user's message counts (invalidate after marking read). */
export const UNREAD_KEY = ['content', 'message', 'unread'] as const;

/** Unread messages and open to-dos (待办), refreshed every minute (header bell, message centres). */
export function useMessageCounts(enabled = true) {
  return useQuery({
    queryKey: UNREAD_KEY,
    queryFn: () => fetchData<MessageCounts>('/message/unreadCount'),
    refetchInterval: 60_000,
    enabled,
  });
}

/** The unread count alone. */
export function useUnreadCount(enabled = true) {
  const q = useMessageCounts(enabled);
  return { ...q, data: q.data?.count };
}
