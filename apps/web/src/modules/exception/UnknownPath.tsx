import type { KnownPathResult } from '@aqzrx/contracts';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useLocation } from 'react-router';
import { useAuth } from '../../platform/auth.ts';
import { fetchData } from '../../platform/request.ts';
import { PageLoading } from './PageLoading.tsx';

/**
 * A path outside the user's routes (the router's last route). A page of some other role's resource tree
 * answers 403 无权访问 (an enterprise opening a regulator's page); a path nobody has answers 404. The
 * guard has sent visitors to login before this renders; should the question fail, the answer is 404.
 */
export function UnknownPath() {
  const { pathname } = useLocation();
  const signedIn = useAuth().token !== null;
  const known = useQuery({
    queryKey: ['knownResourcePath', pathname],
    queryFn: () =>
      fetchData<KnownPathResult>('/sys/user/isKnownResourcePath.json', {
        params: { path: pathname },
        skipErrorHandler: true,
      }),
    enabled: signedIn,
    retry: false,
    staleTime: 5 * 60_000,
  });
  if (signedIn && known.isPending) return <PageLoading />;
  return <Navigate to={known.data?.known ? '/403' : '/404'} replace />;
}
