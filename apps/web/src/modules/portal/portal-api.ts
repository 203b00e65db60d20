import { useQuery } from '@tanstack/react-query';
import { fetchData } from '../../platform/request.ts';

export interface PortalStat {
  name: string;
  label: string;
  value: number;
  unit: string;
}

/** GET /api/public/portalStats: the six statistics of spec 9 (zero until the feature has data). */
export function usePortalStats() {
  return useQuery({
    queryKey: ['public', 'portalStats'],
    queryFn: async () =>
      (
        await fetchData<{ items: PortalStat[] }>('/public/portalStats', {
          method: 'GET',
          skipErrorHandler: true,
        })
      ).items,
    staleTime: 5 * 60_000,
  });
}
