import { LoginPanel } from './LoginPanel.tsx';

/** /user/login */
export function LoginPage() {
  return <LoginPanel />;
}

/** /portal/login (portalLogin): the same login inside the inner portal layout. */
export function PortalLoginPage() {
  return (
    <div style={{ maxWidth: 380, margin: '0 auto' }}>
      <LoginPanel />
    </div>
  );
}
