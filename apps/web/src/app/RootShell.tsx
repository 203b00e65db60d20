import { lazy, Suspense, useEffect } from 'react';
import { Outlet } from 'react-router';
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
