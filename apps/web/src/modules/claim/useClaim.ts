import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { CLAIM_KEY, type ClaimSource, claimApi } from './api.ts';

/** The claim named by the `id` query parameter of a detail/edit route. */
export function useClaimFromRoute(source: ClaimSource = 'claim') {
  const [params] = useSearchParams();
  const raw = params.get('id');
  const id = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  const query = useQuery({
    queryKey: [CLAIM_KEY, 'detail', source, id],
    queryFn: () => claimApi.detail(id as number, source),
    enabled: id !== null,
    staleTime: 0,
  });
  return { id, ...query };
}
