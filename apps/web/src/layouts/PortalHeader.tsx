import { Button } from 'antd';
import { Link, useLocation, useNavigate } from 'react-router';
import { PORTAL_TABS, type PortalTabKey, portalTabTarget } from '../modules/portal/index.ts';
import { roleKeyOf, useAuth } from '../platform/auth.ts';
import { feedback } from '../platform/feedback.ts';
import { PORTAL_INDEX_PATH, PORTAL_REG_PATH, USER_LOGIN_PATH } from '../platform/paths.ts';
import { Logo } from './Logo.tsx';
import { UserMenu } from './UserMenu.tsx';

const TAB_PATHS: Record<PortalTabKey, string> = {
  home: PORTAL_INDEX_PATH,
  insure: '/portal/insure',
  claim: '/portal/claim',
  ap: '/portal/ap',
};

export function PortalHeader({ platformName }: { platformName: string }) {
  const auth = useAuth();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const hasToken = auth.token !== null;
  const onTab = (key: PortalTabKey) => {
    const outcome = portalTabTarget(key, { hasToken, roleKey: roleKeyOf(auth) });
    if (outcome.kind === 'go') navigate(outcome.to);
    else feedback.message.warning(outcome.message);
  };
  return (
    <header className="aq-portal-header">
      <div className="aq-portal-header-inner">
        <Link to={PORTAL_INDEX_PATH} className="aq-portal-brand">
          <Logo size={34} />
          <span>{platformName}</span>
        </Link>
        <nav className="aq-portal-nav" aria-label="门户导航">
          {PORTAL_TABS.map((t) => (
            <button
              key={t.key}
              type="button"
              className={`aq-portal-tab${pathname === TAB_PATHS[t.key] ? ' aq-portal-tab-active' : ''}`}
              onClick={() => onTab(t.key)}
            >
              {t.label}
            </button>
          ))}
        </nav>
        <div className="aq-portal-user">
          {hasToken ? (
            <UserMenu withBackOffice />
          ) : (
            <>
              <Button type="primary" onClick={() => navigate(USER_LOGIN_PATH)}>
                登录
              </Button>
              <Button onClick={() => navigate(PORTAL_REG_PATH)}>注册</Button>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
