import { useEffect } from 'react';
import { Navigate, useParams } from 'react-router';
import { roleKeyOf, useAuth } from '../../platform/auth.ts';
import { landingPath } from '../../platform/contracts.ts';
import { feedback } from '../../platform/feedback.ts';
import { isPortalTabKey, portalTabTarget } from './portal-tabs.ts';

/**
 * `/portal/enter/<tab>`: where a portal tab clicked by a visitor leads once they have logged in (the login
 * page's redirect). The tab's page for the user's role (企业投保 → the enterprise's insurance page), or,
 * when the role may not enter, the spec 2.5 message (企业用户才可以进入! …) on the role's landing page
 * instead of a 403 page. The route guard has loaded the session before this renders.
 */
export function PortalEnter() {
  const { tab } = useParams();
  const auth = useAuth();
  const roleKey = roleKeyOf(auth);
  const outcome = isPortalTabKey(tab)
    ? portalTabTarget(tab, { hasToken: auth.token !== null, roleKey })
    : null;
  const denied = outcome?.kind === 'deny' ? outcome.message : null;
  useEffect(() => {
    // One toast however often the effect runs (StrictMode runs it twice).
    if (denied) feedback.message.warning({ content: denied, key: 'portal-enter-denied' });
  }, [denied]);
  if (!outcome) return <Navigate to="/404" replace />;
  return <Navigate to={outcome.kind === 'go' ? outcome.to : landingPath(roleKey)} replace />;
}
