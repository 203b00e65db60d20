import { lazy, Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
import { removeLoginShell } from '../platform/login-shell.ts';
import { passwordPrompt } from '../platform/password-prompt.ts';
import { usePublicSettings } from '../platform/public-settings.ts';
import { useRouteTitle } from '../platform/route-handle.ts';
import { useStore } from '../platform/store.ts';
import { pages } from '../screens.ts';
import { pageTitle } from './guard.ts';

const ChangePasswordModal = lazy(() => pages.ChangePasswordModal().then((C) => ({ default: C })));

export function RootShell() {
  const title = useRouteTitle();
  const { settings } = usePublicSettings();
  const prompt = useStore(passwordPrompt);
  // The login page's HTML form (index.html of /user/login) is taken over by the login form, which mounts
  // first; any other first screen (a signed-in user sent on, an error) removes it.
  useEffect(removeLoginShell, []);
  useEffect(() => {
    document.title = pageTitle(title, settings.platformName);
  }, [title, settings.platformName]);
  return (
    <>
      <Outlet />
      {prompt.open && (
        <Suspense fallback={null}>
          <ChangePasswordModal />
        </Suspense>
      )}
    </>
  );
}
