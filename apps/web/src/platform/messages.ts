import { useQuery } from '@tanstack/react-query';
import { fetchData } from './request.ts';

/** Query key of the signed-in user's unread in-app message count (invalidate after marking read). */
export const UNREAD_KEY = ['content', 'message', 'unread'] as const;

/** The unread count, refreshed every minute (header bell, message centres). */
export function useUnreadCount(enabled = true) {
  return useQuery({
    queryKey: UNREAD_KEY,
    queryFn: async () => (await fetchData<{ count: number }>('/message/unreadCount')).count,
    refetchInterval: 60_000,
    enabled,
  });
}
